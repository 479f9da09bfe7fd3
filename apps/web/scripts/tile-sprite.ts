import { createHash } from 'node:crypto';
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';

/**
 * The tile icons as one SVG sprite (decision 094): a `<symbol>` per tile icon name, drawn from lucide's own icon
 * data, so the glyphs are lucide's. TileIcon (src/lib/icons.ts) shows one with `<svg><use href="…#name"/></svg>`
 * and puts lucide's svg attributes (size, fill, stroke, line caps and joins) on its own `<svg>`; the symbol's
 * shapes inherit them, as lucide's children of the same `<svg>` did. The 42 icons' paths thus leave the start
 * path's JavaScript for a hashed file the service worker precaches.
 */

/**
 * A lucide icon as lucide-react renders it (its default export, so an alias such as `music` gives the icon it
 * stands for): the outer `<svg …>` tag and the shapes inside it.
 */
export async function lucideMarkup(name: string): Promise<{ svg: string; shapes: string }> {
  const module = (await import(`lucide-react/icons/${name}`)) as { default?: ComponentType };
  if (!module.default) throw new Error(`lucide-react/icons/${name} is no icon`);
  const markup = renderToStaticMarkup(createElement(module.default));
  const parts = /^(<svg[^>]*>)([\s\S]*)<\/svg>$/.exec(markup);
  if (!parts) throw new Error(`lucide-react/icons/${name} rendered no <svg>: ${markup.slice(0, 80)}`);
  return { svg: parts[1]!, shapes: parts[2]! };
}

const VIEW_BOX = / viewBox="([^"]*)"/;

/** The sprite of a tile icon name → lucide icon table (src/lib/tile-icon-names.ts): one symbol per name. */
export async function tileSprite(glyphs: Record<string, string>): Promise<string> {
  const symbols = await Promise.all(
    Object.entries(glyphs).map(async ([id, lucide]) => {
      const { svg, shapes } = await lucideMarkup(lucide);
      const viewBox = VIEW_BOX.exec(svg)?.[1] ?? '0 0 24 24';
      return `<symbol id="${id}" viewBox="${viewBox}">${shapes}</symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

export const SPRITE_MODULE = 'virtual:tile-icon-sprite';
const RESOLVED = '\0' + SPRITE_MODULE;
/** where the dev server answers the sprite (a build has a hashed file under assets/ instead) */
export const DEV_SPRITE_PATH = '/@aula/tile-icons.svg';

/**
 * `import spriteUrl from 'virtual:tile-icon-sprite'`: in a build, the sprite is emitted as
 * `assets/tile-icons-<hash>.svg` and the module answers its URL; the dev server answers it at DEV_SPRITE_PATH.
 */
export function tileSpritePlugin(glyphs: Record<string, string>): Plugin {
  let base = '/';
  let isBuild = false;
  return {
    name: 'aula-tile-sprite',
    configResolved(config) {
      base = config.base;
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id === SPRITE_MODULE ? RESOLVED : undefined;
    },
    async load(id) {
      if (id !== RESOLVED) return;
      if (!isBuild) return `export default ${JSON.stringify(DEV_SPRITE_PATH)};`;
      const source = await tileSprite(glyphs);
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      const fileName = `assets/tile-icons-${hash}.svg`;
      this.emitFile({ type: 'asset', fileName, source });
      return `export default ${JSON.stringify(base + fileName)};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_SPRITE_PATH, (_req, res, next) => {
        tileSprite(glyphs).then((source) => {
          res.setHeader('Content-Type', 'image/svg+xml');
          res.end(source);
        }, next);
      });
    },
  };
}
