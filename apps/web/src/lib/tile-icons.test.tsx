import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ICON_NAME } from '@aula/contracts';
import { SPRITE_MODULE, tileSprite, tileSpritePlugin } from '../../scripts/tile-sprite';
import { TILE_ICON_GLYPHS } from './tile-icon-names';
import { TILE_ICON_NAMES, TileIcon, tileIconName } from './icons';

// Decision 094: the tile icons are lucide's, drawn into a sprite by the build; TileIcon shows one with <use>.
const sprite = await tileSprite(TILE_ICON_GLYPHS);
const symbols = new Map(
  [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)].map((m) => [
    m[1]!,
    m[2]!,
  ]),
);

/** TileIcon's svg with the symbol it points at put in place of its <use>: what the browser draws. */
function drawn(props: Parameters<typeof TileIcon>[0]): string {
  return renderToStaticMarkup(createElement(TileIcon, props)).replace(
    /<use href="[^"#]*#([^"]+)"><\/use>/,
    (_use, id: string) => symbols.get(id) ?? `(no symbol ${id})`,
  );
}

async function lucide(name: string): Promise<ComponentType<Record<string, unknown>>> {
  return ((await import(`lucide-react/icons/${name}`)) as { default: ComponentType }).default;
}

describe('the tile icon sprite', () => {
  it('has one symbol per tile icon name, the default question-tile icon among them', () => {
    expect([...symbols.keys()]).toEqual(TILE_ICON_NAMES);
    expect(symbols.has(DEFAULT_ICON_NAME)).toBe(true);
    expect(sprite).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><symbol /);
  });

  // the props the tile face, the preview and the icon picker pass
  const uses = [
    { className: 'size-1/2', style: { color: '#fff' }, 'aria-hidden': 'true' as const },
    { className: 'size-1/2', style: { color: '#123456' } },
    { className: 'size-6', 'aria-hidden': 'true' as const },
  ];

  it.each(TILE_ICON_NAMES)('draws %s as lucide-react does, with the same svg attributes', async (name) => {
    const Icon = await lucide(TILE_ICON_GLYPHS[name]);
    for (const props of uses) {
      // lucide's own class names (lucide-eighth-notes lucide-music for its alias music): nothing styles them
      const withoutNames = (svg: string) => svg.replace(/ lucide-[a-z0-9-]+/g, '');
      const expected = renderToStaticMarkup(createElement(Icon, props));
      expect(withoutNames(drawn({ name, ...props }))).toBe(withoutNames(expected));
      expect(drawn({ name, ...props })).toContain(`class="lucide lucide-${TILE_ICON_GLYPHS[name]} `);
    }
  });

  it("names lucide's icons by their tile icon names, but for the default question-tile icon", () => {
    expect(Object.entries(TILE_ICON_GLYPHS).filter(([name, glyph]) => name !== glyph)).toEqual([
      [DEFAULT_ICON_NAME, 'message-circle-question-mark'],
    ]);
  });

  it('a build emits it as a hashed asset whose URL the virtual module answers', async () => {
    const plugin = tileSpritePlugin(TILE_ICON_GLYPHS);
    const hook = <T,>(h: unknown) => (typeof h === 'function' ? h : (h as { handler: T }).handler) as T;
    hook<(c: unknown) => void>(plugin.configResolved)({ base: '/', command: 'build' });
    const id = hook<(id: string) => string>(plugin.resolveId)(SPRITE_MODULE);
    const emitted: { fileName: string; source: string }[] = [];
    const code = await hook<(this: unknown, id: string) => Promise<string>>(plugin.load).call(
      { emitFile: (file: { fileName: string; source: string }) => emitted.push(file) },
      id,
    );
    expect(emitted).toHaveLength(1);
    expect(emitted[0]!.source).toBe(sprite);
    expect(emitted[0]!.fileName).toMatch(/^assets\/tile-icons-[\w-]{8}\.svg$/);
    expect(code).toBe(`export default "/${emitted[0]!.fileName}";`);
  });

  it('an unknown name shows the default question-tile icon (spec 3.1)', () => {
    expect(tileIconName('no-such-icon')).toBe(DEFAULT_ICON_NAME);
    expect(drawn({ name: 'no-such-icon', className: 'size-6' })).toBe(
      drawn({ name: DEFAULT_ICON_NAME, className: 'size-6' }),
    );
  });

  it('an icon given an accessible name is not hidden, as lucide does', () => {
    expect(drawn({ name: 'bell', 'aria-label': 'Glocke' })).not.toContain('aria-hidden');
    expect(drawn({ name: 'bell' })).toContain('aria-hidden="true"');
  });
});
