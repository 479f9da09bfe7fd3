// What an SVG will cost before librsvg renders it (SECURITY.md "Staying up", decision 044): one pass over the
// text, no regex over the document and no XML parser, so no entity is resolved and no input makes it slow.

/** Limits for an SVG icon or logo; a school icon needs a few hundred elements at most. */
export const SVG_LIMITS = {
  /** elements in the file */
  elements: 5_000,
  /** <use> elements in the file */
  uses: 1_000,
  /** chains of references: a <use> of a group holding a <use> of a group … */
  referenceDepth: 5,
  /** elements the renderer meets once every reference is followed: the amplification */
  expandedElements: 10_000,
  /** elements inside elements */
  nesting: 100,
  /** declared width or height (or viewBox side when no size is given), in pixels */
  sidePx: 16_384,
  /** declared width × height */
  pixels: 40_000_000,
  /** <filter> elements: a drop shadow or two is what an icon needs */
  filters: 16,
  /** filter primitives and their parts (fe… elements) */
  filterPrimitives: 128,
  /** numOctaves of one feTurbulence: each octave is another pass over every pixel */
  turbulenceOctaves: 8,
  /** stdDeviation of a blur or drop shadow, radius of feMorphology, in user units */
  filterRadius: 100,
  /** orderX and orderY of feConvolveMatrix; its kernelMatrix holds at most order² numbers */
  convolveOrder: 5,
  /**
   * Filter work: each time the renderer applies a filter (references followed), its primitives (a
   * feTurbulence by its octaves, a feConvolveMatrix by its kernel cells / 8) times the rendered area, as
   * if every filter covered the whole image. About 2 s of one core on the test machine; see decision 044.
   */
  filterPixels: 24_000_000,
} as const;
/** The side in pixels the SVG is rendered at, when the caller does not say (a tile icon). */
export const SVG_RENDER_PX = 256;
export type SvgLimits = { [K in keyof typeof SVG_LIMITS]: number };

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

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character and predefined entity references in an attribute value; null for any other entity. */
function decodeValue(raw: string): string | null {
  if (!raw.includes('&')) return raw;
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const amp = raw.indexOf('&', i);
    if (amp < 0) break;
    out += raw.slice(i, amp);
    const semi = raw.indexOf(';', amp);
    if (semi < 0 || semi - amp > 12) return null;
    const ref = raw.slice(amp + 1, semi);
    let ch: string | undefined;
    if (ref.startsWith('#x') || ref.startsWith('#X')) ch = codePoint(parseInt(ref.slice(2), 16));
    else if (ref.startsWith('#')) ch = codePoint(parseInt(ref.slice(1), 10));
    else ch = NAMED_ENTITIES[ref];
    if (ch === undefined) return null;
    out += ch;
    i = semi + 1;
  }
  return out + raw.slice(i);
}

function codePoint(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}

const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1);
const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r';

/** The ids an attribute value points to within the document: `#id` links and every `url(#id)`. */
function referencesIn(attr: string, value: string, into: string[]): void {
  const trimmed = value.trim();
  if (attr === 'href' && trimmed.startsWith('#')) into.push(trimmed.slice(1));
  let at = 0;
  for (;;) {
    at = value.indexOf('url(', at);
    if (at < 0) return;
    let i = at + 4;
    while (isSpace(value[i]) || value[i] === '"' || value[i] === "'") i++;
    if (value[i] === '#') {
      let end = i + 1;
      while (end < value.length && !isSpace(value[end]) && !`)"'`.includes(value[end]!)) end++;
      into.push(value.slice(i + 1, end));
    }
    at = i;
  }
}

const UNIT_PX: Record<string, number> = {
  '': 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  mm: 96 / 25.4,
  cm: 96 / 2.54,
  in: 96,
  em: 16,
  ex: 8,
};

/** A declared length in pixels; undefined for percentages and anything the renderer would ignore. */
function lengthPx(value: string | undefined): number | undefined {
  // short values only, so the pattern never backtracks over a long one
  if (value === undefined || value.length > 40) return undefined;
  const m = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-z]*)\s*$/.exec(value);
  const unit = m ? UNIT_PX[m[2]!] : undefined;
  return m && unit !== undefined ? Number(m[1]) * unit : undefined;
}

function declaredSizeOk(attrs: Map<string, string>, limits: SvgLimits): boolean {
  const box = attrs
    .get('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxOk = box?.length === 4 && box.every(Number.isFinite);
  const width = lengthPx(attrs.get('width')) ?? (boxOk ? box[2] : undefined);
  const height = lengthPx(attrs.get('height')) ?? (boxOk ? box[3] : undefined);
  for (const side of [width, height]) {
    if (side !== undefined && (!Number.isFinite(side) || Math.abs(side) > limits.sidePx)) return false;
  }
  return width === undefined || height === undefined || Math.abs(width * height) <= limits.pixels;
}

/** The numbers in an attribute value ("3", "2 5", "1,0,1"); NaN for anything else. */
function numbersIn(value: string | undefined): number[] {
  if (value === undefined) return [];
  return value
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
}

/** CSS filter functions (blur(), drop-shadow(), …) in a `filter` value; `url(#…)` is followed as a reference. */
function filterFunctions(value: string): number {
  let n = 0;
  for (let at = value.indexOf('('); at >= 0; at = value.indexOf('(', at + 1))
    if (!value.slice(Math.max(0, at - 3), at).endsWith('url')) n++;
  return n;
}

/** The value of the `filter` property in a style attribute, or undefined. */
function styleFilter(style: string): string | undefined {
  const at = style.indexOf('filter');
  if (at < 0) return undefined;
  const colon = style.indexOf(':', at);
  if (colon < 0) return undefined;
  const end = style.indexOf(';', colon);
  return style.slice(colon + 1, end < 0 ? undefined : end);
}

/**
 * A filter primitive's passes over the image, or null when a parameter is beyond the limits. Parts of a
 * primitive (feFuncR, feMergeNode, light sources) cost nothing of their own.
 */
function primitivePasses(local: string, attrs: Map<string, string>, limits: SvgLimits): number | null {
  const within = (values: number[], max: number) => values.every((v) => !(Math.abs(v) > max));
  switch (local) {
    case 'feTurbulence': {
      const octaves = numbersIn(attrs.get('numOctaves'))[0] ?? 1;
      if (!within([octaves], limits.turbulenceOctaves)) return null;
      return Math.max(1, Number.isFinite(octaves) ? Math.ceil(octaves) : 1);
    }
    case 'feGaussianBlur':
    case 'feDropShadow':
      return within(numbersIn(attrs.get('stdDeviation')), limits.filterRadius) ? 1 : null;
    case 'feMorphology':
      return within(numbersIn(attrs.get('radius')), limits.filterRadius) ? 1 : null;
    case 'feConvolveMatrix': {
      const order = numbersIn(attrs.get('order'));
      const cells = numbersIn(attrs.get('kernelMatrix')).length;
      if (!within(order, limits.convolveOrder) || cells > limits.convolveOrder ** 2) return null;
      return Math.max(1, Math.ceil(cells / 8));
    }
    case 'feFuncR':
    case 'feFuncG':
    case 'feFuncB':
    case 'feFuncA':
    case 'feMergeNode':
    case 'feDistantLight':
    case 'fePointLight':
    case 'feSpotLight':
      return 0;
    default:
      return 1;
  }
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
