// Attribute values of an SVG as the check reads them (decision 044): entity references, lengths, links
// and what a filter primitive costs. Split from svg-check.ts; no XML parser, no regex over the document.
import type { SvgLimits } from './svg-limits.ts';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML character and predefined entity references in an attribute value; null for any other entity. */
export function decodeValue(raw: string): string | null {
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

export const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1);
export const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r';

/** The ids an attribute value points to within the document: `#id` links and every `url(#id)`. */
export function referencesIn(attr: string, value: string, into: string[]): void {
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

export function declaredSizeOk(attrs: Map<string, string>, limits: SvgLimits): boolean {
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
export function filterFunctions(value: string): number {
  let n = 0;
  for (let at = value.indexOf('('); at >= 0; at = value.indexOf('(', at + 1))
    if (!value.slice(Math.max(0, at - 3), at).endsWith('url')) n++;
  return n;
}

/** The value of the `filter` property in a style attribute, or undefined. */
export function styleFilter(style: string): string | undefined {
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
export function primitivePasses(local: string, attrs: Map<string, string>, limits: SvgLimits): number | null {
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
