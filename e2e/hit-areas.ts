import type { Page } from 'playwright-core';

/** WCAG 2.5.5 (AAA) and the issue 19 rule for coarse pointers: 44 x 44 CSS px. */
export const MIN_TARGET_PX = 44;

export interface TooSmall {
  /** Role or tag and accessible text, to find it in a report. */
  element: string;
  width: number;
  height: number;
}

const INTERACTIVE = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="menuitem"]',
  '[role="menuitemradio"]',
  '[role="menuitemcheckbox"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="option"]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * Every visible interactive element on the page (or inside `within`, e.g. an open menu that covers the page)
 * whose hit area is smaller than 44 x 44 px. The hit area is
 * measured by hit-testing, as a finger would find it: from the element's centre outwards along both axes, as
 * far as a tap still lands on the element (or a ::before/::after of it, or a label that toggles it), so a
 * hit-area extension counts and a part covered by something else does not. A checkbox or radio button
 * passes when it or one of its labels does. Skipped: disabled controls, what a modal hides (aria-hidden,
 * inert, pointer-events none), what is not rendered, only for screen readers or off the screen, and links
 * inside a sentence (WCAG 2.5.8's inline exception).
 */
export function findSmallTargets(page: Page, within = 'body', min = MIN_TARGET_PX): Promise<TooSmall[]> {
  return page.evaluate(
    ([selector, within, min]) => {
      const reach = 80;
      const describe = (el: Element): string => {
        const role = el.getAttribute('role') ?? el.tagName.toLowerCase();
        const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : '';
        const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : undefined;
        const name = el.getAttribute('aria-label') ?? label ?? el.textContent ?? '';
        return `${role}${type} "${name.trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
      };
      const inSentence = (el: Element): boolean => {
        if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
        const parent = el.parentElement;
        const own = el.textContent?.trim().length ?? 0;
        return !!parent && (parent.textContent?.trim().length ?? 0) > own;
      };
      const skipped = (el: Element): boolean => {
        if ((el as HTMLButtonElement).disabled || el.getAttribute('aria-disabled') === 'true') return true;
        if (el.closest('[aria-hidden="true"], [inert]')) return true;
        const rect = el.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return true;
        const style = getComputedStyle(el);
        // pointer-events none: nothing to tap (a disabled look, or the page behind an open menu)
        if (style.visibility === 'hidden' || style.opacity === '0' || style.pointerEvents === 'none')
          return true;
        return inSentence(el);
      };
      /** How far from (x, y) along one axis a tap still lands on one of the owners. */
      const extent = (
        x: number,
        y: number,
        dx: number,
        dy: number,
        owns: (hit: Element | null) => boolean,
      ) => {
        let n = 0;
        while (n < reach && owns(document.elementFromPoint(x + dx * (n + 1), y + dy * (n + 1)))) n++;
        return n;
      };
      const measure = (from: Element, owners: Element[]) => {
        from.scrollIntoView({ block: 'center', inline: 'center' });
        const r = from.getBoundingClientRect();
        // off the screen even when scrolled to (a skip link waiting for keyboard focus): nothing to tap
        if (r.bottom <= 0 || r.top >= innerHeight || r.right <= 0 || r.left >= innerWidth) return null;
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const owns = (hit: Element | null) => !!hit && owners.some((o) => o === hit || o.contains(hit));
        if (!owns(document.elementFromPoint(x, y))) return { width: 0, height: 0 };
        return {
          width: 1 + extent(x, y, -1, 0, owns) + extent(x, y, 1, 0, owns),
          height: 1 + extent(x, y, 0, -1, owns) + extent(x, y, 0, 1, owns),
        };
      };
      const scroll = { x: window.scrollX, y: window.scrollY };
      const small: { element: string; width: number; height: number }[] = [];
      for (const el of Array.from(document.querySelectorAll(within)).flatMap((root) =>
        Array.from(root.querySelectorAll(selector)),
      )) {
        if (skipped(el)) continue;
        const labels =
          el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')
            ? Array.from(el.labels ?? [])
            : [];
        const owners = [el, ...labels];
        const sizes = owners.map((from) => measure(from, owners));
        if (sizes[0] === null) continue;
        const best = sizes.find((s) => s && s.width >= min && s.height >= min) ?? sizes[0];
        if (best && (best.width < min || best.height < min)) {
          small.push({
            element: describe(el),
            width: Math.round(best.width),
            height: Math.round(best.height),
          });
        }
      }
      window.scrollTo(scroll.x, scroll.y);
      return small;
    },
    [INTERACTIVE, within, min] as const,
  );
}

/**
 * What reaches past the screen's sides (issue 19: no sideways scrolling at 390 px): the page's scroll width, and
 * every visible element of the main content whose box leaves the viewport, unless a scrolling box holds it.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width) found.push(`page ${root.scrollWidth} > ${width}`);
    const scrolls = (el: Element) =>
      ['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX);
    for (const el of document.querySelectorAll('#main *')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || (box.right <= width + 1 && box.left >= -1)) continue;
      let parent = el.parentElement;
      while (parent && parent.id !== 'main' && !scrolls(parent)) parent = parent.parentElement;
      if (parent && parent.id !== 'main') continue;
      found.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}`);
    }
    return found.slice(0, 10);
  });
}
