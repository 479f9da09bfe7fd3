import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { tileSpritePlugin } from './scripts/tile-sprite.ts';
import { TILE_ICON_GLYPHS } from './src/lib/tile-icon-names.ts';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tileSpritePlugin(TILE_ICON_GLYPHS)],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
