// The limits of the SVG check (decision 044), apart from the check itself so its helpers can read them.

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
