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

/**
 * Issue 32, item 4: markers, which the check does not count (decision 044, "Not counted"). A path of
 * `vertices` points draws the marker at each of them, and the marker holds `circles` translucent circles of
 * the icon's size: 14 KB at 1,000 × 100 took 4.2 s of CPU on the test machine, so the default of 4,000 runs
 * into the renderer's 10 s kill. It passes the check, so it costs one render slot until the kill.
 */
export function markerSvg(vertices = 4000, circles = 100): Buffer {
  const marker = Array.from(
    { length: circles },
    (_, i) => `<circle cx="${(i * 7) % 256}" cy="${(i * 13) % 256}" r="40" fill-opacity="0.3" fill="#0a0"/>`,
  ).join('');
  const d = `M0 0${Array.from({ length: vertices }, (_, i) => ` L${i % 256} ${(i * 3) % 256}`).join('')}`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
      `<defs><marker id="m" markerWidth="256" markerHeight="256" markerUnits="userSpaceOnUse" overflow="visible">${marker}</marker></defs>` +
      `<path d="${d}" fill="none" stroke="none" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)"/></svg>`,
  );
}
