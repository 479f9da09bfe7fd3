/**
 * A "billion laughs" of SVG references: each group holds `fanout` <use> of the group before it, `levels`
 * deep, so a 1.3 KB file asks the renderer for fanout^levels circles (issue 16, item 2). 5^8 = 390,625
 * stays under librsvg's own limit of 500,000 references and costs about 12 s of CPU on the test machine.
 */
export function amplificationSvg(levels = 8, fanout = 5): Buffer {
  const groups = [`<g id="l0"><circle cx="128" cy="128" r="64" fill="#c00"/></g>`];
  for (let level = 1; level <= levels; level++) {
    const uses = Array.from({ length: fanout }, () => `<use xlink:href="#l${level - 1}"/>`).join('');
    groups.push(`<g id="l${level}">${uses}</g>`);
  }
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="256" height="256" viewBox="0 0 256 256">` +
      `<defs>${groups.join('')}</defs><use xlink:href="#l${levels}"/></svg>`,
  );
}

/**
 * The review's filter SVG: `uses` full-size rectangles, each drawn through an feTurbulence of `octaves`
 * octaves. 30 KB at 600 × 10 cost 16.7 s of CPU before filters were counted; 40 × 8 is within the limits
 * and still takes about a second to render, more than a lowered time limit allows.
 */
export function filterSvg(uses: number, octaves: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
      `<defs><filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="${octaves}"/></filter></defs>` +
      `${'<rect width="256" height="256" filter="url(#f)"/>'.repeat(uses)}</svg>`,
  );
}
