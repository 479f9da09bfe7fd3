// The SVG renderer's child process (lib/svg-render.ts, decision 044): librsvg draws an SVG in one call that
// nothing inside a process can stop, so it draws here, where the server can kill it at the time limit.
import sharp from 'sharp';
import type { RenderReply, RenderRequest } from './svg-render.ts';

// one libvips worker thread: a render uses one core, whatever the machine
sharp.concurrency(1);

async function render({ id, svg, size, limitInputPixels }: RenderRequest): Promise<RenderReply> {
  try {
    const data = Buffer.from(svg.buffer, svg.byteOffset, svg.byteLength);
    const decode = { limitInputPixels, failOn: 'error' as const };
    // render the vector at about the final size instead of scaling up a tiny bitmap
    const { width = size, height = size } = await sharp(data, decode).metadata();
    const density = Math.min(72 * 16, Math.max(1, (72 * size) / Math.max(width, height, 1)));
    const png = await sharp(data, { ...decode, density })
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    return { id, png };
  } catch (err) {
    return { id, error: err instanceof Error ? err.message : String(err) };
  }
}

process.on('message', (request: RenderRequest) => {
  void render(request).then((reply) => process.send?.(reply));
});
// the server is gone (it exited or was killed): nothing is left to render for
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
