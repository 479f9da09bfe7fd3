import { describe, expect, it } from 'vitest';
import { amplificationSvg, filterSvg } from '../test/svg-amplification.ts';
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

  it('refuses the review’s filter SVG at once, by its octaves and by its filter work (review finding 2)', () => {
    const started = Date.now();
    expect(inspectSvg(filterSvg(600, 10).toString('utf8')).refusal).toBe('filter_params');
    expect(inspectSvg(filterSvg(3300, 10).toString('utf8')).refusal).toBe('filter_params');
    const oneOctave = inspectSvg(filterSvg(600, 1).toString('utf8'));
    expect(oneOctave.refusal).toBe('filter_work');
    expect(Date.now() - started).toBeLessThan(500);
    // the same work is allowed on a smaller canvas, and refused on a larger one
    expect(inspectSvg(filterSvg(40, 8).toString('utf8')).refusal).toBe(null);
    expect(inspectSvg(filterSvg(40, 8).toString('utf8'), SVG_LIMITS, 512).refusal).toBe('filter_work');
  });

  it('counts filter passes through references: a filtered group used many times', () => {
    const filter = '<filter id="f"><feGaussianBlur stdDeviation="2"/></filter>';
    const group = `<g id="g">${'<rect width="9" height="9" filter="url(#f)"/>'.repeat(10)}</g>`;
    const report = (uses: number) =>
      inspectSvg(doc(`<defs>${filter}${group}</defs>${'<use href="#g"/>'.repeat(uses)}`));
    expect(report(2).refusal).toBe(null);
    // the filter in <defs> once, the group in <defs> once, and the group twice through <use>
    expect(report(2).filterPasses).toBe(1 + 10 + 2 * 10);
    expect(report(40).refusal).toBe('filter_work');
  });

  it('accepts a drop shadow on a few elements, an Inkscape-style filter in a style attribute', () => {
    const shadow =
      '<filter id="s"><feGaussianBlur in="SourceAlpha" stdDeviation="3"/><feOffset dx="2" dy="2"/>' +
      '<feComponentTransfer><feFuncA type="linear" slope="0.5"/></feComponentTransfer>' +
      '<feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge></filter>';
    const shapes = '<circle r="5" style="fill:#c00;filter:url(#s)"/>'.repeat(12);
    const report = inspectSvg(doc(`<defs>${shadow}</defs>${shapes}`));
    expect(report).toMatchObject({ refusal: null, filterPasses: 4 * 13 });
  });

  it.each([
    ['numOctaves over 8', '<filter id="f"><feTurbulence numOctaves="9"/></filter>'],
    ['a huge blur', '<filter id="f"><feGaussianBlur stdDeviation="5 1000"/></filter>'],
    ['a huge drop shadow', '<filter id="f"><feDropShadow stdDeviation="500"/></filter>'],
    ['a huge morphology radius', '<filter id="f"><feMorphology radius="101"/></filter>'],
    ['a large convolution', '<filter id="f"><feConvolveMatrix order="6" kernelMatrix="1"/></filter>'],
    [
      'a long kernel',
      `<filter id="f"><feConvolveMatrix order="3" kernelMatrix="${'1 '.repeat(26)}"/></filter>`,
    ],
  ])('refuses %s', (_name, filter) => {
    expect(inspectSvg(doc(`<defs>${filter}</defs><rect filter="url(#f)"/>`)).refusal).toBe('filter_params');
  });

  it('refuses too many filters and primitives, and filters set from a style sheet', () => {
    const filters = (n: number) =>
      Array.from({ length: n }, (_, i) => `<filter id="f${i}"><feOffset dx="1"/></filter>`).join('');
    expect(inspectSvg(doc(filters(SVG_LIMITS.filters))).refusal).toBe(null);
    expect(inspectSvg(doc(filters(SVG_LIMITS.filters + 1))).refusal).toBe('filters');
    const merge = `<filter id="m"><feMerge>${'<feMergeNode/>'.repeat(SVG_LIMITS.filterPrimitives)}</feMerge></filter>`;
    expect(inspectSvg(doc(merge)).refusal).toBe('filters');
    expect(inspectSvg(doc('<style>rect { fill: red }</style><rect/>')).refusal).toBe(null);
    expect(inspectSvg(doc('<style><![CDATA[rect { FILTER: url(#f) }]]></style><rect/>')).refusal).toBe(
      'filters',
    );
  });

  it('counts CSS filter functions as passes', () => {
    const blurred = (n: number) =>
      doc('<rect width="9" height="9" filter="blur(4px) drop-shadow(1px 1px 2px)"/>'.repeat(n));
    expect(inspectSvg(blurred(10))).toMatchObject({ refusal: null, filterPasses: 20 });
    expect(inspectSvg(blurred(200)).refusal).toBe('filter_work');
    expect(inspectSvg(doc('<rect style="stroke:red; filter: blur(2px)"/>')).filterPasses).toBe(1);
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
