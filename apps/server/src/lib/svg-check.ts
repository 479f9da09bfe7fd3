// What an SVG will cost before librsvg renders it (SECURITY.md "Staying up", decision 044): one pass over the
// text, no regex over the document and no XML parser, so no entity is resolved and no input makes it slow.
import { SVG_LIMITS, SVG_RENDER_PX, type SvgLimits } from './svg-limits.ts';
import {
  declaredSizeOk,
  decodeValue,
  filterFunctions,
  isSpace,
  localName,
  primitivePasses,
  referencesIn,
  styleFilter,
} from './svg-values.ts';

export { SVG_LIMITS, SVG_RENDER_PX, type SvgLimits } from './svg-limits.ts';

export type SvgRefusal =
  | 'malformed'
  | 'doctype'
  | 'elements'
  | 'uses'
  | 'reference_depth'
  | 'reference_cycle'
  | 'expanded_elements'
  | 'nesting'
  | 'size'
  | 'filters'
  | 'filter_params'
  | 'filter_work';

export interface SvgReport {
  refusal: SvgRefusal | null;
  elements: number;
  uses: number;
  referenceDepth: number;
  expandedElements: number;
  /** filter passes the renderer makes, references followed (see `SVG_LIMITS.filterPixels`) */
  filterPasses: number;
}

interface Element {
  name: string;
  children: number[];
  refs: string[];
  /** filter passes of this element itself: a primitive's weight, or CSS filter functions it applies */
  passes: number;
  /** where its content starts, for <style> */
  contentStart: number;
}

/**
 * Counts what rendering this SVG would cost: elements, <use> elements, the depth of reference chains and the
 * elements met once every reference (`href="#id"`, `url(#id)`) is followed, and refuses it beyond `limits`.
 * Anything it cannot read as plain XML is refused as malformed: an icon has no reason to be unusual.
 */
export function inspectSvg(
  text: string,
  limits: SvgLimits = SVG_LIMITS,
  renderPx: number = SVG_RENDER_PX,
): SvgReport {
  const report: SvgReport = {
    refusal: null,
    elements: 0,
    uses: 0,
    referenceDepth: 0,
    expandedElements: 0,
    filterPasses: 0,
  };
  let filters = 0;
  let primitives = 0;
  const refuse = (refusal: SvgRefusal) => ({ ...report, refusal });
  const elements: Element[] = [];
  const ids = new Map<string, number>();
  const open: number[] = [];
  let rootSeen = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const skipTo = (end: string) => {
    const at = text.indexOf(end, i);
    if (at < 0) return false;
    i = at + end.length;
    return true;
  };

  while (i < text.length) {
    const lt = text.indexOf('<', i);
    if (lt < 0) break;
    i = lt;
    if (text.startsWith('<!--', i)) {
      if (!skipTo('-->')) return refuse('malformed');
    } else if (text.startsWith('<![CDATA[', i)) {
      if (!skipTo(']]>')) return refuse('malformed');
    } else if (text.startsWith('<?', i)) {
      if (!skipTo('?>')) return refuse('malformed');
    } else if (text.startsWith('<!', i)) {
      // a doctype with an internal subset is where entity bombs live; icons need neither
      const close = text.indexOf('>', i);
      const subset = text.indexOf('[', i);
      if (close < 0) return refuse('malformed');
      if (subset >= 0 && subset < close) return refuse('doctype');
      i = close + 1;
    } else if (text[i + 1] === '/') {
      const close = text.indexOf('>', i);
      if (close < 0) return refuse('malformed');
      const name = text.slice(i + 2, close).trim();
      const top = open.pop();
      if (top === undefined || elements[top]!.name !== name) return refuse('malformed');
      // a style sheet could apply a filter to every element; that is not counted, so it is refused
      if (
        localName(name) === 'style' &&
        text.slice(elements[top]!.contentStart, i).toLowerCase().includes('filter')
      )
        return refuse('filters');
      i = close + 1;
    } else {
      i++;
      const start = i;
      while (i < text.length && !isSpace(text[i]) && text[i] !== '>' && text[i] !== '/') i++;
      const name = text.slice(start, i);
      if (name === '' || (rootSeen && open.length === 0)) return refuse('malformed');
      const attrs = new Map<string, string>();
      const element: Element = { name, children: [], refs: [], passes: 0, contentStart: 0 };
      let selfClosing = false;
      for (;;) {
        while (isSpace(text[i])) i++;
        if (i >= text.length) return refuse('malformed');
        if (text[i] === '>') {
          i++;
          break;
        }
        if (text.startsWith('/>', i)) {
          i += 2;
          selfClosing = true;
          break;
        }
        const attrStart = i;
        while (i < text.length && !isSpace(text[i]) && !'=/>'.includes(text[i]!)) i++;
        const attr = text.slice(attrStart, i);
        while (isSpace(text[i])) i++;
        if (attr === '' || text[i] !== '=') return refuse('malformed');
        i++;
        while (isSpace(text[i])) i++;
        const quote = text[i];
        if (quote !== '"' && quote !== "'") return refuse('malformed');
        const end = text.indexOf(quote, i + 1);
        if (end < 0) return refuse('malformed');
        const value = decodeValue(text.slice(i + 1, end));
        if (value === null || attrs.has(attr)) return refuse('malformed');
        attrs.set(attr, value);
        i = end + 1;
        const local = localName(attr);
        if (local === 'id') ids.set(value.trim(), elements.length);
        referencesIn(local, value, element.refs);
        const filter = local === 'filter' ? value : local === 'style' ? styleFilter(value) : undefined;
        if (filter !== undefined) element.passes += filterFunctions(filter);
      }
      element.contentStart = i;
      const index = elements.length;
      elements.push(element);
      report.elements++;
      if (report.elements > limits.elements) return refuse('elements');
      const local = localName(name);
      if (local === 'use' && ++report.uses > limits.uses) return refuse('uses');
      if (local === 'filter' && ++filters > limits.filters) return refuse('filters');
      if (local.startsWith('fe')) {
        if (++primitives > limits.filterPrimitives) return refuse('filters');
        const passes = primitivePasses(local, attrs, limits);
        if (passes === null) return refuse('filter_params');
        element.passes += passes;
      }
      const parent = open.at(-1);
      if (parent === undefined) {
        if (local !== 'svg') return refuse('malformed');
        rootSeen = true;
        if (!declaredSizeOk(attrs, limits)) return refuse('size');
      } else {
        elements[parent]!.children.push(index);
      }
      if (!selfClosing) {
        open.push(index);
        if (open.length > limits.nesting) return refuse('nesting');
      }
    }
  }
  if (!rootSeen || open.length > 0) return refuse('malformed');
  return expand(elements, ids, limits, renderPx, report);
}

/**
 * Follows children and references from the root, depth first without recursion: each element's expanded
 * count is itself, its children and what it references; its depth the longest chain of references below it;
 * its filter passes its own, its children's and those of what it references (the filter it applies).
 */
function expand(
  elements: Element[],
  ids: Map<string, number>,
  limits: SvgLimits,
  renderPx: number,
  report: SvgReport,
): SvgReport {
  const cap = limits.expandedElements + 1;
  const passCap = Math.ceil(limits.filterPixels / Math.max(1, renderPx * renderPx)) + 1;
  const cost = new Array<number>(elements.length).fill(0);
  const passes = new Array<number>(elements.length).fill(0);
  const depth = new Array<number>(elements.length).fill(0);
  const state = new Uint8Array(elements.length); // 0 new, 1 on the path, 2 done
  const targets = elements.map((e) =>
    e.refs.map((id) => ids.get(id)).filter((t): t is number => t !== undefined),
  );
  const stack: number[] = [0];
  while (stack.length > 0) {
    const n = stack.at(-1)!;
    if (state[n] === 0) {
      state[n] = 1;
      for (const next of [...elements[n]!.children, ...targets[n]!]) {
        if (state[next] === 1) return { ...report, refusal: 'reference_cycle' };
        if (state[next] === 0) stack.push(next);
      }
      continue;
    }
    stack.pop();
    if (state[n] === 2) continue;
    state[n] = 2;
    let c = 1;
    let d = 0;
    let p = elements[n]!.passes;
    for (const child of elements[n]!.children) {
      c += cost[child]!;
      d = Math.max(d, depth[child]!);
      p += passes[child]!;
    }
    for (const target of targets[n]!) {
      c += cost[target]!;
      d = Math.max(d, depth[target]! + 1);
      p += passes[target]!;
    }
    cost[n] = Math.min(c, cap);
    depth[n] = d;
    passes[n] = Math.min(p, passCap);
  }
  const result = {
    ...report,
    expandedElements: cost[0]!,
    referenceDepth: depth[0]!,
    filterPasses: passes[0]!,
  };
  if (result.referenceDepth > limits.referenceDepth) return { ...result, refusal: 'reference_depth' };
  if (result.expandedElements > limits.expandedElements) return { ...result, refusal: 'expanded_elements' };
  if (result.filterPasses * renderPx * renderPx > limits.filterPixels)
    return { ...result, refusal: 'filter_work' };
  return result;
}
