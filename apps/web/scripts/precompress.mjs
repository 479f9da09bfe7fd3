// After `vite build`: X.br (brotli 11) and X.gz (gzip 9) beside every text file over 1 KB in dist, so the
// server sends them as they are, with no compression per request (docs/decisions/046-compression-and-hot-path.md).
// Usage: node scripts/precompress.mjs [folder] (default: this app's dist).
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const TEXT_FILE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt|xml|map)$/i;
export const MIN_BYTES = 1024;

/** Every file under dir, sorted, so runs write the same files in the same order. */
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? walk(path) : entry.isFile() ? [path] : [];
    });
}

/**
 * Writes the compressed siblings of every text file over MIN_BYTES under dir and answers the files written.
 * The output depends only on the input bytes (gzip's header carries no time or name). The three
 * files' modification times are set one millisecond apart within the same second: Last-Modified is the
 * same for all three, while the server's ETag (size and time in ms) differs per encoding even when
 * the brotli and gzip files happen to be the same size, so one encoding's ETag never validates another's body.
 */
export function precompressDir(dir) {
  const written = [];
  for (const file of walk(dir)) {
    if (!TEXT_FILE.test(file)) continue;
    const raw = readFileSync(file);
    if (raw.length <= MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
    const second = Math.floor(statSync(file).mtimeMs / 1000) * 1000;
    utimesSync(file, new Date(second), new Date(second));
    for (const [suffix, bytes, offsetMs] of [
      ['.br', br, 1],
      ['.gz', gz, 2],
    ]) {
      // a compressed file no smaller than the original is not worth sending
      if (bytes.length >= raw.length) continue;
      writeFileSync(file + suffix, bytes);
      utimesSync(file + suffix, new Date(second + offsetMs), new Date(second + offsetMs));
      written.push(file + suffix);
    }
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
  const written = precompressDir(dir);
  console.log(`precompress: ${written.length} files (.br, .gz) in ${dir}`);
}
