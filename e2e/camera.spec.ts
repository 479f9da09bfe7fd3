import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import de from '../apps/web/src/locales/de.json' with { type: 'json' };
import ar from '../apps/web/src/locales/ar.json' with { type: 'json' };
import { call, loginAs } from '../apps/server/src/test/test-app.ts';
import { makeGroup, makeUser, uniqueName } from '../apps/server/src/test/factories.ts';
import { phonePhoto } from '../apps/server/src/test/photos.ts';
import { launch, newContext, screenshotDir, type ContextOptions } from './browser.ts';
import { findSmallTargets } from './hit-areas.ts';
import { expectNoSeriousA11yViolations, LOOKS, setUpJourney } from './journeys.ts';

// issue 20: the camera overview, the capture page and the picture view (spec 1, 2.2), with Chromium's fake
// camera granted, and refused (docs/decisions/064-photo-capture.md)

const journey = setUpJourney({ camera: 'fake' });
const locales = { de, ar } as const;

/** Every stream getUserMedia gave the page, so a test can see the camera go off (tracks ended). */
async function recordStreams(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { aulaStreams: MediaStream[] }).aulaStreams = streams;
    const media = navigator.mediaDevices;
    const original = media.getUserMedia.bind(media);
    media.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      streams.push(stream);
      return stream;
    };
  });
}
const liveTracks = (page: Page) =>
  page
    .evaluate(() =>
      (window as unknown as { aulaStreams: MediaStream[] }).aulaStreams
        .flatMap((s) => s.getTracks())
        .filter((track) => track.readyState === 'live'),
    )
    .then((tracks) => tracks.length);

/** A signed-in page in `browser` (the fake camera's or the refused one's), showing `path`. */
async function pageAs(
  browser: Browser,
  username: string,
  path: string,
  opts: ContextOptions = {},
): Promise<Page> {
  const base = journey.portal.base;
  const cookies = (await loginAs(base, username)).split('; ').map((pair) => {
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: base };
  });
  const context = await newContext(browser, opts);
  await context.addCookies(cookies);
  await recordStreams(context);
  const page = await context.newPage();
  await page.goto(base + path);
  return page;
}

function setVisibility(page: Page, state: 'hidden' | 'visible'): Promise<void> {
  return page.evaluate((state) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => state === 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);
}

/** The preview plays the camera's picture. */
const previewPlays = (page: Page) =>
  page.waitForFunction(() => {
    const video = document.querySelector('video');
    return !!video && video.readyState >= 2 && video.videoWidth > 0 && !video.paused;
  });

/** Adds a picture of `laraId` as `username` through the API, as the capture page does. */
async function addPicture(username: string, laraId: string): Promise<void> {
  const form = new FormData();
  form.append(
    'photo',
    new Blob([new Uint8Array(await phonePhoto(1200, 900))], { type: 'image/jpeg' }),
    'a.jpg',
  );
  const res = await call(journey.portal.base, `/api/camera/${laraId}`, {
    form,
    cookie: await loginAs(journey.portal.base, username),
  });
  expect(res.status).toBe(201);
}

/** Deletes every picture of `laraId` as an admin, so each test starts from none. */
async function clearPictures(laraId: string): Promise<void> {
  const cookie = await loginAs(journey.portal.base, 'admin');
  const gallery = await call<{ pictures: { id: number }[] }>(journey.portal.base, `/api/camera/${laraId}`, {
    cookie,
  });
  for (const { id } of gallery.body.pictures ?? []) {
    await call(journey.portal.base, `/api/camera/pictures/${id}`, { method: 'DELETE', cookie });
  }
}

const cards = (page: Page, t = de) => page.getByRole('list', { name: t.pages.camera }).getByRole('listitem');
const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

describe('the camera with a working camera (issue 20)', () => {
  it('a teacher sees the class, photographs a pupil, sees, downloads and deletes the picture', async () => {
    await clearPictures('demo-student');
    const page = await pageAs(journey.browser, 'teacher', '/app/camera');
    await page.getByRole('heading', { level: 1, name: de.pages.camera }).waitFor();
    // the teacher first, then the pupils of 5a
    await expect.poll(() => cards(page).allInnerTexts()).toHaveLength(3);
    // each card's first link is the person's name (the second takes a photo)
    const names = await cards(page).evaluateAll((items) =>
      items.map((item) => item.querySelector('a')?.textContent ?? ''),
    );
    expect(names[0]).toBe('Tina Lehmann');
    expect(names.slice(1).sort()).toEqual(['Ali Yilmaz', 'Sara Schmidt']);
    expect(await cards(page).first().innerText()).toContain(de.camera.overview.you);

    await page
      .getByRole('link', {
        name: `${de.camera.takePhoto} ${de.camera.forPerson.replace('{{name}}', 'Sara Schmidt')}`,
      })
      .click();
    await page.waitForURL((url) => url.pathname === '/app/camera/demo-student/new');
    await page.getByRole('heading', { level: 1, name: 'Sara Schmidt' }).waitFor();
    await previewPlays(page);
    const take = page.getByRole('button', { name: de.photoCapture.take });
    // the preview runs: focus is on the take button
    await expect.poll(() => take.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await liveTracks(page)).toBe(1);

    // a hidden tab gives the camera back, and gets it again when shown (headless Chromium never hides a
    // tab, so the page is told it is hidden the way the browser tells it: the state and its event)
    await setVisibility(page, 'hidden');
    await expect.poll(() => liveTracks(page)).toBe(0);
    await page.getByText(de.photoCapture.paused).waitFor();
    await setVisibility(page, 'visible');
    await previewPlays(page);
    await expect.poll(() => liveTracks(page)).toBe(1);

    // take: the still for review, the camera off; retake starts it again; take again and use
    await take.click();
    await page.getByRole('img', { name: de.photoCapture.still }).waitFor();
    expect(await liveTracks(page)).toBe(0);
    await page.getByRole('button', { name: de.photoCapture.retake }).click();
    await previewPlays(page);
    await take.click();
    await page.getByRole('button', { name: de.photoCapture.use }).click();

    await page.waitForURL((url) => url.pathname === '/app/camera/demo-student');
    await page.getByText(de.camera.capture.saved.replace('{{name}}', 'Sara Schmidt')).waitFor();
    expect(await liveTracks(page)).toBe(0);
    await page.getByText(de.camera.pictureCount_one.replace('{{count}}', '1')).waitFor();
    const figure = page.getByRole('figure');
    await expect.poll(() => figure.count()).toBe(1);
    expect(await figure.innerText()).toContain(de.camera.view.takenBy.replace('{{name}}', 'Tina Lehmann'));
    await expect
      .poll(() => figure.getByRole('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    // download: the picture as a JPEG attachment
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      figure.getByRole('link', { name: new RegExp(`^${de.camera.view.download}`) }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.jpe?g$/);
    expect(isJpeg(await readFile((await download.path())!))).toBe(true);

    // delete, confirmed in the delete dialog: the empty state says what to do next
    await figure.getByRole('button', { name: new RegExp(`^${de.common.delete}`) }).click();
    const dialog = page.getByRole('dialog', { name: de.camera.view.deleteTitle });
    await dialog.getByRole('button', { name: de.common.delete }).click();
    await page.getByText(de.camera.view.empty.replace('{{name}}', 'Sara Schmidt')).waitFor();
    await page.getByRole('link', { name: de.camera.takePhoto }).waitFor();
    expect(await page.getByRole('figure').count()).toBe(0);
    await page.context().close();
  });

  it('a pupil sees only themself and cannot open a classmate’s pictures', async () => {
    const page = await pageAs(journey.browser, 'student', '/app/camera');
    await expect.poll(() => cards(page).allInnerTexts()).toHaveLength(1);
    expect(await cards(page).first().innerText()).toContain('Sara Schmidt');

    for (const path of ['/app/camera/demo-student2', '/app/camera/demo-student2/new']) {
      await page.goto(journey.portal.base + path);
      await page.getByRole('heading', { level: 1, name: de.camera.notFound.title }).waitFor();
      await page.getByText(de.camera.notFound.body).waitFor();
      expect(await page.locator('video').count()).toBe(0);
    }
    await page.context().close();
  });

  it('a teacher of a full class finds a pupil by name', async () => {
    const teacher = await makeUser(journey.portal, {
      role: 'teacher',
      username: uniqueName('kamera-lehrer'),
      firstName: 'Kai',
      lastName: 'Klasse',
    });
    const firstNames = ['Jörg', 'Lena', 'Emil', 'Hanna', 'Paul', 'Lea', 'Ben', 'Mila', 'Finn', 'Ida'];
    const pupils = [];
    for (const [i, firstName] of firstNames.entries())
      pupils.push(
        (
          await makeUser(journey.portal, {
            username: uniqueName('kamera-kind'),
            firstName,
            lastName: i === 0 ? 'Müller' : `Schulz${i}`,
          })
        ).id,
      );
    await makeGroup(journey.portal, { name: uniqueName('7c-'), members: [teacher.id, ...pupils] });

    const page = await pageAs(journey.browser, teacher.username, '/app/camera');
    await expect.poll(() => cards(page).count()).toBe(11);
    await page.getByRole('searchbox', { name: de.camera.overview.filter }).fill('mull');
    await expect.poll(() => cards(page).count()).toBe(1);
    expect(await cards(page).first().innerText()).toContain('Jörg Müller');
    await page
      .getByRole('status')
      .filter({ hasText: de.camera.overview.matches_one.replace('{{count}}', '1') })
      .waitFor();
    await page.getByRole('searchbox', { name: de.camera.overview.filter }).fill('');
    await expect.poll(() => cards(page).count()).toBe(11);
    await page.context().close();
  });

  it('a failed upload says why in words and keeps the photo; the next try succeeds', async () => {
    await clearPictures('demo-student2');
    const page = await pageAs(journey.browser, 'teacher', '/app/camera/demo-student2/new');
    await previewPlays(page);
    // a file that claims to be a PNG but is not an image: the server refuses it by its content
    await page.locator('input[type=file]').setInputFiles({
      name: 'kaputt.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    expect(await liveTracks(page)).toBe(0);
    await page.getByRole('button', { name: de.photoCapture.use }).click();
    const alert = page.getByRole('alert').filter({ hasText: /\S/ });
    await expect.poll(() => alert.innerText()).toMatch(/\S/);
    expect(await alert.innerText()).not.toMatch(/\b415\b|files\.|camera\./);
    expect(page.url()).toContain('/app/camera/demo-student2/new');
    // the photo is still there to replace; sending the same refused file again would not help
    await page.getByRole('img', { name: de.photoCapture.still }).waitFor();
    await page.getByRole('button', { name: de.photoCapture.chooseOther }).waitFor();
    expect(await page.getByRole('button', { name: de.common.retry }).count()).toBe(0);

    await page.locator('input[type=file]').setInputFiles({
      name: 'foto.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(),
    });
    // another photo puts the refusal aside
    await expect.poll(() => alert.count()).toBe(0);
    await page.getByRole('button', { name: de.photoCapture.use }).click();
    await page.waitForURL((url) => url.pathname === '/app/camera/demo-student2');
    await expect.poll(() => page.getByRole('figure').count()).toBe(1);
    await page.context().close();
  });
});

describe('the three camera screens in each look (issue 20)', () => {
  it.each(LOOKS)(
    'overview, capture and picture view pass axe ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      const t = locales[locale];
      const look = `${locale}-${width}-${colorScheme}`;
      await clearPictures('demo-student');
      await addPicture('teacher', 'demo-student');
      const page = await pageAs(journey.browser, 'teacher', '/app/camera', { locale, width, colorScheme });

      await page.getByRole('heading', { level: 1, name: t.pages.camera }).waitFor();
      await expect.poll(() => cards(page, t).count()).toBe(3);
      await expect
        .poll(() =>
          page
            .getByRole('img', { name: 'Sara Schmidt' })
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page, `overview ${look}`);
      await page.screenshot({ path: `${screenshotDir}/camera-overview-${look}.png`, fullPage: true });

      await page.getByRole('link', { name: 'Sara Schmidt', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/app/camera/demo-student');
      await expect
        .poll(() =>
          page
            .getByRole('figure')
            .getByRole('img')
            .evaluate((img) => (img as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0);
      await expectNoSeriousA11yViolations(page, `view ${look}`);
      await page.screenshot({ path: `${screenshotDir}/camera-view-${look}.png`, fullPage: true });

      await page.getByRole('link', { name: t.camera.view.newPhoto }).click();
      await page.waitForURL((url) => url.pathname === '/app/camera/demo-student/new');
      await previewPlays(page);
      await expectNoSeriousA11yViolations(page, `capture ${look}`);
      await page.screenshot({ path: `${screenshotDir}/camera-capture-${look}.png`, fullPage: true });
      await page.getByRole('button', { name: t.photoCapture.take }).click();
      await page.getByRole('img', { name: t.photoCapture.still }).waitFor();
      await expectNoSeriousA11yViolations(page, `capture review ${look}`);
      await page.screenshot({ path: `${screenshotDir}/camera-review-${look}.png`, fullPage: true });
      await page.context().close();
    },
  );
});

describe('the camera on a phone (issue 20)', () => {
  /** The page's controls below 44 x 44 px once it has settled, as `element (w x h)` lines. */
  async function smallTargets(page: Page): Promise<string[]> {
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    return (await findSmallTargets(page)).map((s) => `${s.element} (${s.width} x ${s.height})`);
  }

  it('every control of the three screens is a 44 px target for a finger', async () => {
    await clearPictures('demo-student');
    await addPicture('teacher', 'demo-student');
    const page = await pageAs(journey.browser, 'teacher', '/app/camera', { width: 390, touch: true });
    await expect.poll(() => cards(page).count()).toBe(3);
    expect(await smallTargets(page)).toEqual([]);
    await page.goto(`${journey.portal.base}/app/camera/demo-student`);
    await page.getByRole('figure').waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await page.goto(`${journey.portal.base}/app/camera/demo-student/new`);
    await previewPlays(page);
    expect(await smallTargets(page)).toEqual([]);
    await page.getByRole('button', { name: de.photoCapture.take }).click();
    await page.getByRole('img', { name: de.photoCapture.still }).waitFor();
    expect(await smallTargets(page)).toEqual([]);
    await page.context().close();
  });
});

describe('a device with two cameras (issue 20)', () => {
  let twoCameras: Browser | undefined;
  beforeAll(async () => {
    twoCameras = await launch({ camera: 'two-cameras' });
  });
  afterAll(async () => {
    await twoCameras?.close();
  });

  /** The camera the preview shows, by its device label. */
  const shownCamera = (page: Page) =>
    page.evaluate(() => {
      const video = document.querySelector('video');
      const stream = video?.srcObject as MediaStream | null | undefined;
      return stream?.getVideoTracks()[0]?.label ?? null;
    });

  it('offers the switch, which goes to the other camera and back; a retake keeps the camera', async () => {
    const page = await pageAs(twoCameras!, 'student', '/app/camera/demo-student/new');
    await previewPlays(page);
    const first = await shownCamera(page);
    const switchButton = page.getByRole('button', { name: de.photoCapture.switch });
    await switchButton.click();
    await expect.poll(() => shownCamera(page)).not.toBe(first);
    await previewPlays(page);
    const second = await shownCamera(page);
    // one camera at a time: the first was given back before the second started
    expect(await liveTracks(page)).toBe(1);

    await page.getByRole('button', { name: de.photoCapture.take }).click();
    await page.getByRole('button', { name: de.photoCapture.retake }).click();
    await previewPlays(page);
    expect(await shownCamera(page)).toBe(second);

    await switchButton.click();
    await expect.poll(() => shownCamera(page)).toBe(first);
    expect(await liveTracks(page)).toBe(1);
    await page.context().close();
  });

  it('a device with one camera has no switch', async () => {
    const page = await pageAs(journey.browser, 'student', '/app/camera/demo-student/new');
    await previewPlays(page);
    await page.getByRole('button', { name: de.photoCapture.take }).waitFor();
    // the page's own count of cameras has come back (asked before ours) and been drawn
    await page.evaluate(() =>
      navigator.mediaDevices
        .enumerateDevices()
        .then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))),
    );
    expect(await page.getByRole('button', { name: de.photoCapture.switch }).count()).toBe(0);
    await page.context().close();
  });
});

describe('the camera refused (issue 20)', () => {
  let refused: Browser | undefined;
  beforeAll(async () => {
    refused = await launch({ camera: 'refused' });
  });
  afterAll(async () => {
    await refused?.close();
  });

  it.each(LOOKS)(
    'says so calmly, offers the file picker, and a chosen photo is uploaded ($locale, $width px, $colorScheme)',
    async ({ locale, width, colorScheme }) => {
      const t = locales[locale];
      const look = `${locale}-${width}-${colorScheme}`;
      await clearPictures('demo-student');
      const page = await pageAs(refused!, 'student', '/app/camera/demo-student/new', {
        locale,
        width,
        colorScheme,
      });
      const status = page.getByRole('status').filter({ hasText: t.photoCapture.reason.denied });
      await status.waitFor();
      expect(await status.innerText()).toContain(t.photoCapture.allowHint);
      expect(await page.getByRole('button', { name: t.photoCapture.take }).count()).toBe(0);
      const choose = page.getByRole('button', { name: t.photoCapture.chooseFile });
      await choose.waitFor();
      await expectNoSeriousA11yViolations(page, `refused ${look}`);
      await page.screenshot({ path: `${screenshotDir}/camera-refused-${look}.png`, fullPage: true });

      await page.locator('input[type=file]').setInputFiles({
        name: 'foto.jpg',
        mimeType: 'image/jpeg',
        buffer: await phonePhoto(),
      });
      await page.getByRole('button', { name: t.photoCapture.use }).click();
      await page.waitForURL((url) => url.pathname === '/app/camera/demo-student');
      await expect.poll(() => page.getByRole('figure').count()).toBe(1);
      expect(await page.getByRole('figure').innerText()).toContain('Sara Schmidt');
      await page.context().close();
    },
  );
});
