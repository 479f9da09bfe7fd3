import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { APP_TYPES, OFFERED_APP_TYPES } from '@aula/contracts';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import en from '../apps/web/src/locales/en.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { screenshotDir } from './browser.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney, signIn } from './journeys.ts';

const journey = setUpJourney();
const { open } = journey;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => values[key] ?? '');

const homeTitles = (page: Page, t = de) =>
  page.getByRole('list', { name: t.home.apps }).getByRole('link').allInnerTexts();

/** The tiles on the layout being edited, in order, by their drag handles' names. */
async function editOrder(page: Page): Promise<string[]> {
  const prefix = de.tiles.edit.move.replace('{{title}}', '');
  const names = await page
    .getByRole('list', { name: /^Auf dieser Seite/ })
    .getByRole('button', { name: /verschieben$/ })
    .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''));
  return names.map((name) => name.replace(prefix.trim(), '').trim());
}

/** The drag-and-drop live region says `text` of `title` at `position` of `total`. */
async function announced(page: Page, text: string, title: string, position: number, total: number) {
  const where = fill(de.tiles.dnd.position, { position: String(position), total: String(total) });
  return (await page.getByText(fill(text, { title, where }), { exact: true }).count()) > 0;
}

/**
 * Picks up the tile `title` (at `position` of `total`) with the space bar, and returns once dnd-kit takes the
 * arrow keys. dnd-kit announces the pick-up at once but listens for the next keys only one timer turn later
 * (@dnd-kit/core 6, KeyboardSensor.attach: a setTimeout, so that the space bar that picked the tile up does not
 * drop it again). That turn came 10 to 150 ms after the announcement, and Chromium hands a waiting key to the
 * page before a waiting timer: an arrow key pressed in between was lost and the tile never moved (3 runs in 50).
 * A zero timer set in the page after the announcement runs after dnd-kit's (timers of equal delay run in the
 * order they were set), so once it has run, dnd-kit is listening.
 */
async function pickUp(page: Page, title: string, position: number, total: number) {
  await page.getByRole('button', { name: fill(de.tiles.edit.move, { title }) }).focus();
  await page.keyboard.press('Space');
  await expect.poll(() => announced(page, de.tiles.dnd.pickedUp, title, position, total)).toBe(true);
  await page.evaluate(() => new Promise((listening) => setTimeout(listening)));
}

/** Signed in as `username` (the sign-in itself is sign-in.spec.ts's subject), into edit mode by the pencil. */
async function openEditMode(username: string, search = ''): Promise<Page> {
  const page = await journey.openSignedIn(username);
  await page.getByRole('link', { name: de.nav.edit }).click();
  await page.waitForURL((url) => url.pathname === '/edit');
  if (search) await page.goto(journey.portal.base + '/edit' + search);
  await expect.poll(async () => (await editOrder(page)).length).toBeGreaterThan(0);
  return page;
}

describe('edit mode', () => {
  it('a student creates a tile with a translated title, places it, and sees it in German and English', async () => {
    const page = await openEditMode('student');
    await page.getByRole('button', { name: de.dialogs.createApp }).click();
    const dialog = page.getByRole('dialog', { name: de.dialogs.createApp });
    // spec 5: the rules show in the form, and nothing is sent while they fail
    await dialog.getByRole('button', { name: de.common.save }).click();
    await expect.poll(() => dialog.getByText(de.areaErrors.apps.missing_title).count()).toBe(1);
    await expect.poll(() => dialog.getByText(de.areaErrors.apps.missing_url).count()).toBe(1);
    await dialog.getByLabel(de.tiles.form.title).fill('Wörterbuch');
    await dialog.getByText(de.tiles.form.translations).click();
    await dialog.getByLabel('English').fill('Dictionary');
    await dialog.getByLabel(de.tiles.form.url).fill('woerterbuch.example.org');
    await dialog.getByRole('button', { name: de.common.save }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // a new tile is not on the page yet: it waits in the unused list, where the student adds it
    const add = page.getByRole('button', { name: fill(de.tiles.edit.add, { title: 'Wörterbuch' }) });
    await add.click();
    await expect.poll(async () => (await editOrder(page)).at(-1)).toBe('Wörterbuch');
    await page.getByRole('button', { name: de.common.save, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    // the link's accessible name is the title and what the tile does (a new tab); "new" only describes it
    const tile = (p: Page, t: typeof de, title: string) =>
      p.getByRole('list', { name: t.home.apps }).getByRole('link', {
        name: fill(t.home.tileName, { title, behaviour: t.home.behaviour.newTab }),
        exact: true,
      });
    await expect.poll(() => tile(page, de, 'Wörterbuch').count()).toBe(1);

    const english = await open('/login', { locale: 'en-US' });
    await signIn(english, 'student', en);
    await expect.poll(() => tile(english, en, 'Dictionary').count()).toBe(1);
    expect(await tile(english, en, 'Wörterbuch').count()).toBe(0);
  });

  it('an admin drags a tile of the school layout with the mouse and publishes it; a student sees the new order', async () => {
    const page = await openEditMode('admin', '?tab=logged-in');
    await expect
      .poll(() => page.getByRole('tab', { name: de.tiles.tabs['logged-in'] }).getAttribute('aria-selected'))
      .toBe('true');
    await expect
      .poll(async () => (await editOrder(page)).slice(0, 2))
      .toEqual(['Klassenbuch', 'Stundenplan']);
    const from = (await page.getByRole('button', { name: 'Klassenbuch verschieben' }).boundingBox())!;
    const to = (await page.getByRole('button', { name: 'Stundenplan verschieben' }).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) {
      await page.mouse.move(
        from.x + from.width / 2 + ((to.x - from.x + to.width * 0.3) * step) / 10,
        from.y + from.height / 2,
      );
    }
    await page.mouse.up();
    await expect
      .poll(async () => (await editOrder(page)).slice(0, 2))
      .toEqual(['Stundenplan', 'Klassenbuch']);
    await expect.poll(() => page.getByText(de.tiles.edit.unsaved).count()).toBe(1);

    // publishing a school layout asks first
    await page.getByRole('button', { name: de.tiles.edit.publish }).click();
    const confirm = page.getByRole('dialog', { name: de.tiles.edit.publishTitle });
    await confirm.getByRole('button', { name: de.tiles.edit.publish }).click();
    await page.waitForURL((url) => url.pathname === '/');

    const student = await open('/login');
    await signIn(student, 'student4');
    await expect
      .poll(async () => (await homeTitles(student)).slice(0, 2))
      .toEqual(['Stundenplan', 'Klassenbuch']);
  });

  it('the same with the keyboard only: pick up, move, drop, save; the moves are announced', async () => {
    const page = await openEditMode('student2');
    const before = await editOrder(page);
    // each key waits for the announcement of the one before (and the pick-up until dnd-kit listens): a key
    // pressed before dnd-kit has taken the last one in is lost, and the tile stays where it was picked up
    const total = before.length;
    await pickUp(page, before[0]!, 1, total);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => announced(page, de.tiles.dnd.movedTo, before[0]!, 2, total)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => announced(page, de.tiles.dnd.dropped, before[0]!, 2, total)).toBe(true);
    await expect.poll(async () => (await editOrder(page)).slice(0, 2)).toEqual([before[1], before[0]]);
    // Escape cancels a move and puts the tile back
    await pickUp(page, before[2]!, 3, total);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => announced(page, de.tiles.dnd.movedTo, before[2]!, 2, total)).toBe(true);
    await page.keyboard.press('Escape');
    await expect
      .poll(async () => (await editOrder(page)).slice(0, 3))
      .toEqual([before[1], before[0], before[2]]);

    await page.getByRole('button', { name: de.common.save, exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await homeTitles(page)).slice(0, 2)).toEqual([before[1], before[0]]);
  });

  it('leaving with unsaved changes asks first; staying keeps them, leaving drops them', async () => {
    const page = await openEditMode('student3');
    const before = await editOrder(page);
    await page.getByRole('button', { name: fill(de.tiles.edit.moveLater, { title: before[0]! }) }).click();
    await expect.poll(async () => (await editOrder(page))[1]).toBe(before[0]);

    await page.getByRole('link', { name: /Aula/ }).click();
    const ask = page.getByRole('dialog', { name: de.tiles.edit.leaveTitle });
    await expect.poll(() => ask.count()).toBe(1);
    await ask.getByRole('button', { name: de.tiles.edit.stay }).click();
    expect(new URL(page.url()).pathname).toBe('/edit');
    expect((await editOrder(page))[1]).toBe(before[0]);

    // the page's own exit button asks through the exit-edit-mode confirmation
    await page.getByRole('button', { name: de.tiles.edit.exit }).click();
    const exit = page.getByRole('dialog', { name: de.tiles.edit.exitTitle });
    await exit.getByRole('button', { name: de.tiles.edit.exitConfirm }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await homeTitles(page))[0]).toBe(before[0]);
  });

  it('an iframe tile opens in /app with a title bar, back and open-in-new-tab', async () => {
    const page = await open('/login');
    await signIn(page, 'teacher');
    await page.getByRole('list', { name: de.home.apps }).getByRole('link', { name: 'Klassenbuch' }).click();
    await page.waitForURL((url) => url.pathname === '/app');
    expect(new URL(page.url()).searchParams.get('title')).toBe('Klassenbuch');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Klassenbuch' }).count()).toBe(1);
    await expect.poll(() => page.locator('iframe[title="Klassenbuch"]').count()).toBe(1);
    expect(await page.getByRole('link', { name: de.iframeApp.openInNewTab }).getAttribute('target')).toBe(
      '_blank',
    );
    await page.getByRole('button', { name: de.common.back }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('a pupil on a phone: touch hint, no tab list, a 44 px remove badge on the corner, one way to add apps', async () => {
    const context = await journey.signedInContext('student4', { width: 390, touch: true });
    const page = await context.newPage();
    await page.goto(journey.portal.base + '/edit');
    await expect.poll(async () => (await editOrder(page)).length).toBeGreaterThan(0);
    const before = await editOrder(page);
    // the hint fits a finger; the keyboard's and the mouse's are not shown
    await expect.poll(() => page.getByText(de.tileHelp.editHint.touch).count()).toBe(1);
    expect(await page.getByText(de.tileHelp.editHint.keyboard).count()).toBe(0);
    expect(await page.getByText(de.tileHelp.editHint.mouse).count()).toBe(0);
    // one tab is no choice
    expect(await page.getByRole('tablist').count()).toBe(0);
    expect(await page.getByRole('tab').count()).toBe(0);
    // the lock only on the locked tile (E-Mail), no open padlock anywhere
    expect(await page.getByText(de.tiles.permission.unlocked).count()).toBe(0);
    expect(await page.getByText(de.tiles.permission.locked).count()).toBe(1);
    // adding is the list of more apps on the page; there is no second way
    expect(await page.getByRole('button', { name: de.dialogs.addApps }).count()).toBe(0);
    expect(await page.getByRole('region', { name: de.tiles.edit.unusedHeading }).count()).toBe(1);
    // leaving is "Fertig"
    expect(await page.getByRole('button', { name: de.tiles.edit.exit, exact: true }).count()).toBe(1);

    const victim = before.find((title) => title !== 'E-Mail')!;
    const remove = page.getByRole('button', { name: fill(de.tiles.edit.remove, { title: victim }) });
    const box = (await remove.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    // on the corner of the tile's face: its centre is within 12 px of the face's top end corner
    const face = (await page
      .getByRole('button', { name: fill(de.tiles.edit.move, { title: victim }) })
      .locator('span.rounded-2xl')
      .boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - (face.x + face.width))).toBeLessThan(12);
    expect(Math.abs(box.y + box.height / 2 - face.y)).toBeLessThan(12);
    // the locked tile has none (canary)
    expect(
      await page.getByRole('button', { name: fill(de.tiles.edit.remove, { title: 'E-Mail' }) }).count(),
    ).toBe(0);
    await remove.tap();
    await expect.poll(() => editOrder(page)).toEqual(before.filter((title) => title !== victim));
    await page.screenshot({ path: `${screenshotDir}/edit-touch-de-390.png`, fullPage: true });
    await context.close();
  });

  it('the hint follows the input: mouse first on a desktop, keyboard from the first Tab', async () => {
    const page = await openEditMode('student2');
    await expect.poll(() => page.getByText(de.tileHelp.editHint.mouse).count()).toBe(1);
    expect(await page.getByText(de.tileHelp.editHint.touch).count()).toBe(0);
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByText(de.tileHelp.editHint.keyboard).count()).toBe(1);
    expect(await page.getByText(de.tileHelp.editHint.mouse).count()).toBe(0);
    await page.mouse.click(5, 300);
    await expect.poll(() => page.getByText(de.tileHelp.editHint.mouse).count()).toBe(1);
    await page.context().close();
  });

  it('an admin on a phone sees every edit tab, "Gruppenvorschau" too', async () => {
    const page = await journey.openSignedIn('admin', '/edit', { width: 390 });
    const tabs = page.getByRole('tab');
    await expect.poll(() => tabs.count()).toBe(4);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await page.getByRole('tab', { name: de.tiles.tabs.groups }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('a tile moved away and back over its own place is announced at its own place', async () => {
    const page = await openEditMode('student3');
    const before = await editOrder(page);
    const total = before.length;
    await pickUp(page, before[2]!, 3, total);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => announced(page, de.tiles.dnd.movedTo, before[2]!, 2, total)).toBe(true);
    await page.keyboard.press('ArrowRight');
    // back on its own place: "Position 3", not the "Position 2" said last (issue 19 item 13)
    await expect.poll(() => announced(page, de.tiles.dnd.movedTo, before[2]!, 3, total)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => announced(page, de.tiles.dnd.dropped, before[2]!, 3, total)).toBe(true);
    expect(await editOrder(page)).toEqual(before);
    await page.context().close();
  });

  it('"Create app" offers no type that is not built yet, and a pupil’s single choice is text', async () => {
    const page = await openEditMode('student4');
    await page.getByRole('button', { name: de.dialogs.createApp }).click();
    const dialog = page.getByRole('dialog', { name: de.dialogs.createApp });
    await dialog.getByLabel(de.tiles.form.title).waitFor();
    // the types of built features (BUILT_FEATURES, decision 089) are offered: the camera and the sick notice
    // (issue 20), the video rooms (issue 21) and the chat (issue 22); remote desktop still opens "coming soon"
    const type = dialog.getByLabel(de.tiles.form.type);
    await type.waitFor();
    expect(await type.getByRole('option').allInnerTexts()).toEqual([
      de.tiles.types.none,
      ...OFFERED_APP_TYPES.map((offered) => de.tiles.types[offered]),
    ]);
    const hidden = APP_TYPES.filter((appType) => !OFFERED_APP_TYPES.includes(appType));
    for (const unbuilt of hidden)
      expect(await dialog.getByRole('option', { name: de.tiles.types[unbuilt] }).count(), unbuilt).toBe(0);
    // "Nur ich" is said, not offered as the only radio button
    expect(await dialog.getByRole('group', { name: de.tiles.form.wantedPerms }).count()).toBe(0);
    expect(await dialog.getByRole('radio', { name: new RegExp(de.tiles.perms.private) }).count()).toBe(0);
    expect(await dialog.getByText(de.tiles.perms.privateHint).count()).toBe(1);
    await page.context().close();

    // an admin still chooses among three (canary: the group is only dropped for a single choice)
    const admin = await openEditMode('admin');
    await admin.getByRole('button', { name: de.dialogs.createApp }).click();
    const form = admin.getByRole('dialog', { name: de.dialogs.createApp });
    await expect
      .poll(() => form.getByRole('group', { name: de.tiles.form.wantedPerms }).getByRole('radio').count())
      .toBe(3);
    await admin.context().close();
  });

  it.each(LOOKS)(
    'edit mode and its create dialog pass axe and look right ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      const t = locale === 'ar' ? (ar as unknown as typeof de) : de;
      const page = await open('/login', { locale, colorScheme, width });
      await signIn(page, 'admin', t);
      await page.goto(journey.portal.base + '/edit');
      await expect.poll(() => page.getByRole('list', { name: /\d/ }).first().count()).toBe(1);
      const name = `${locale}-${colorScheme}-${width}`;
      await page.screenshot({ path: `${screenshotDir}/edit-${name}.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, `/edit ${name}`);
      await page.getByRole('button', { name: t.dialogs.createApp }).first().click();
      await expect.poll(() => page.getByRole('dialog').getByLabel(t.tiles.form.title).count()).toBe(1);
      await page.screenshot({ path: `${screenshotDir}/create-app-${name}.png` });
      await expectNoSeriousA11yViolations(page, `create-app ${name}`);
      await page.context().close();
    },
  );
});
