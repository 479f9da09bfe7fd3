import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// Libraries every page needs, split from the app code so they stay cached across releases.
// Named one by one: a library only a lazy route uses must not end up in the start-up chunks.
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const STARTUP_VENDOR =
  /[\\/]node_modules[\\/](@tanstack|zod|i18next|react-i18next|i18next-browser-languagedetector|sonner|@radix-ui|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|tslib|get-nonce|detect-node-es|tailwind-merge|clsx|class-variance-authority|use-sync-external-store)[\\/]/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT },
            { name: 'vendor', test: STARTUP_VENDOR },
          ],
        },
      },
    },
  },
});
