import { describe, expect, it } from 'vitest';
import { amplificationSvg } from '../test/svg-amplification.ts';
import { inspectSvg, SVG_LIMITS } from './svg-check.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
const doc = (body: string, attrs = 'width="24" height="24"') => `<svg ${NS} ${attrs}>${body}</svg>`;

describe('inspectSvg', () => {
  it('accepts an ordinary icon with a symbol used a few times', () => {
    const report = inspectSvg(
      `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Inkscape -->\n` +
        doc(
          `<defs><symbol id="dot"><circle r="2"/></symbol><g id="row"><use href="#dot" x="1"/><use href="#dot" x="5"/></g></defs>` +
            `<use xlink:href="#row"/><use xlink:href="#row" y="5"/><path d="M0 0h24" style="fill:url(#grad)"/><![CDATA[ < ]]>`,
        ),
    );
    expect(report).toMatchObject({ refusal: null, elements: 10, uses: 4, referenceDepth: 2 });
    // root + defs (itself, symbol with circle, row: g and 2 uses of a dot) + 2 uses of a row + path
    expect(report.expandedElements).toBe(1 + (1 + 2 + 7) + 2 * (1 + 7) + 1);
  });

  it('refuses the "billion laughs" of nested <use> (issue 16)', () => {
    const report = inspectSvg(amplificationSvg().toString('utf8'));
    expect(report.refusal).toBe('reference_depth');
    expect(report.elements).toBeLessThan(60);
  });

  it('refuses amplification within the depth limit by the expanded count', () => {
    const groups = ['<g id="l0"><circle r="1"/></g>'];
    for (let level = 1; level <= 4; level++)
      groups.push(`<g id="l${level}">${`<use href="#l${level - 1}"/>`.repeat(12)}</g>`);
    const report = inspectSvg(doc(`<defs>${groups.join('')}</defs><use href="#l4"/>`));
    expect(report.refusal).toBe('expanded_elements');
    expect(report.referenceDepth).toBeLessThanOrEqual(SVG_LIMITS.referenceDepth);
  });

  it('follows references spelled with character references, url() and any namespace prefix', () => {
    const heavy = `<g id="h">${'<rect/>'.repeat(600)}</g>`;
    const by = (ref: string) => inspectSvg(doc(`<defs>${heavy}</defs>${ref.repeat(20)}`)).refusal;
    expect(by('<use href="&#35;h"/>')).toBe('expanded_elements');
    expect(by('<use foo:href="#&#x68;"/>')).toBe('expanded_elements');
    expect(by(`<rect filter="url( '#h' )"/>`)).toBe('expanded_elements');
    expect(by('<svg:use href="#h"/>')).toBe('expanded_elements');
    // the canary: the same references to a small group are fine
    expect(
      inspectSvg(doc(`<defs><g id="h"><rect/></g></defs>${'<use href="#h"/>'.repeat(20)}`)).refusal,
    ).toBe(null);
  });

  it('refuses reference cycles', () => {
    expect(inspectSvg(doc('<g id="a"><use href="#b"/></g><g id="b"><use href="#a"/></g>')).refusal).toBe(
      'reference_cycle',
    );
    expect(inspectSvg(doc('<g id="a"><use href="#a"/></g>')).refusal).toBe('reference_cycle');
  });

  it('refuses too many elements, uses and too deep nesting', () => {
    expect(inspectSvg(doc('<rect/>'.repeat(SVG_LIMITS.elements))).refusal).toBe('elements');
    expect(inspectSvg(doc('<use href="#none"/>'.repeat(SVG_LIMITS.uses + 1))).refusal).toBe('uses');
    expect(
      inspectSvg(doc('<g>'.repeat(SVG_LIMITS.nesting) + '</g>'.repeat(SVG_LIMITS.nesting))).refusal,
    ).toBe('nesting');
  });

  it('refuses declared sizes beyond the pixel limits, and accepts percentages', () => {
    expect(inspectSvg(doc('', 'width="100000" height="10"')).refusal).toBe('size');
    expect(inspectSvg(doc('', 'width="200in" height="200in"')).refusal).toBe('size');
    expect(inspectSvg(doc('', 'viewBox="0 0 9000 9000"')).refusal).toBe('size');
    expect(inspectSvg(doc('', 'width="1e400" height="1"')).refusal).toBe('size');
    expect(inspectSvg(doc('', 'width="100%" height="100%" viewBox="0 0 24 24"')).refusal).toBe(null);
    expect(inspectSvg(doc('', 'width="8000" height="4000"')).refusal).toBe(null);
  });

  it.each([
    ['an internal DTD subset', '<!DOCTYPE svg [<!ENTITY a "b">]><svg/>', 'doctype'],
    ['an unknown entity', `<svg ${NS}><use href="&a;"/></svg>`, 'malformed'],
    ['an unclosed element', `<svg ${NS}><g>`, 'malformed'],
    ['mismatched end tags', `<svg ${NS}><g></a></svg>`, 'malformed'],
    ['an unquoted attribute', `<svg ${NS} width=1/>`, 'malformed'],
    ['a duplicate attribute', `<svg ${NS} width="1" width="2"/>`, 'malformed'],
    ['a second root', `<svg ${NS}/><svg/>`, 'malformed'],
    ['a root that is not svg', '<html/>', 'malformed'],
    ['an unclosed comment', `<svg ${NS}><!-- `, 'malformed'],
  ])('refuses %s', (_name, text, refusal) => {
    expect(inspectSvg(text).refusal).toBe(refusal);
  });

  it('stays fast on hostile input', () => {
    const started = Date.now();
    inspectSvg(`<svg width="${'1'.repeat(500_000)}!"/>`);
    inspectSvg(doc(`<rect fill="${'url('.repeat(200_000)}"/>`));
    inspectSvg(doc('<g id="a">' + '<use href="#a"/>'.repeat(900) + '</g>'));
    inspectSvg('<svg ' + 'a="&#1;'.repeat(100_000));
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
