import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { tileSpritePlugin } from './scripts/tile-sprite.ts';
import { TILE_ICON_GLYPHS } from './src/lib/tile-icon-names.ts';

const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;

// The installed app (spec 1): the service worker precaches the app shell and waits until the update
// toast applies a new version (features/pwa). The offline fallback is the SPA itself (its /offline page).
/**
 * Every module the entry imports statically, found once the module graph is complete: the code the first
 * paint needs, which goes into one chunk (`start`) instead of dozens of small ones (HTTP/1.1 fetches six at
 * a time). Lazy routes, dialogs and their libraries keep their own chunks (decision 049).
 * Barrels re-export more than the start path uses, and what the walk reaches through one lands in `start` even
 * when only a lazy chunk uses it. So the walk does not follow the contracts into modules with zod schemas
 * (their values live in contracts/src/plain), radix-ui's index into every primitive, lucide's index into
 * every icon, nor react-i18next's into <Trans> (decision 050): the bundler places what the start path really
 * uses from them (the icons of the start page) in `start` by itself, and the rest with the lazy chunks.
 */
// a module that builds schemas: it imports zod, or the contracts' configured z (contracts/src/zod.ts)
const ZOD_IMPORT = /from ['"](?:zod|\.\/zod\.ts)['"]/;
const NOT_ON_START_PATH = [
  /[\\/]node_modules[\\/](zod|radix-ui|lucide-react|html-parse-stringify)[\\/]/,
  /[\\/]react-i18next[\\/]dist[\\/]es[\\/](Icu)?Trans(WithoutContext)?\.js$/,
  // react-query's index into the infinite queries, which only the chat's lazy chunks use (issue 22)
  /[\\/]@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)\.js$/,
  // the router's index into what only lazy screens use: the unsaved-changes blocker (the tile editor, the
  // settings, the room form) and useRouterState
  /[\\/]@tanstack[\\/]react-router[\\/]dist[\\/]esm[\\/](useBlocker|useRouterState)\.js$/,
  // the contracts' index into the password policy (the password forms) and the pwa barrel into the install
  // dialog's hook
  /[\\/]packages[\\/]contracts[\\/]src[\\/]password-policy\.ts$/,
  // and into the file-kind table, which only the upload forms and checks read (lazy; decision 088)
  /[\\/]packages[\\/]contracts[\\/]src[\\/]plain[\\/]file-kinds\.ts$/,
  /[\\/]features[\\/]pwa[\\/]hooks[\\/]use-install-prompt\.ts$/,
];
const startPath = new Set<string>();
const findStartPath: Plugin = {
  name: 'aula-start-path',
  buildEnd() {
    startPath.clear();
    const queue = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
    for (const id of queue) {
      const info = this.getModuleInfo(id);
      if (
        startPath.has(id) ||
        NOT_ON_START_PATH.some((barrel) => barrel.test(id)) ||
        ZOD_IMPORT.test(info?.code ?? '')
      )
        continue;
      startPath.add(id);
      queue.push(...(info?.importedIds ?? []));
    }
  },
};

/**
 * Names the start-up strings chunk of each language in `start-assets.json`, for the server's start page to
 * preload the expected language's beside the code (decision 051; apps/server/src/plugins/start-page.ts).
 */
const startAssets: Plugin = {
  name: 'aula-start-assets',
  generateBundle(_options, bundle) {
    const strings: Record<string, string> = {};
    for (const chunk of Object.values(bundle)) {
      const lang =
        chunk.type === 'chunk' && /[\\/]locales[\\/](\w+)\.json\?startup/.exec(chunk.facadeModuleId ?? '');
      if (lang) strings[lang[1]!] = `/${chunk.fileName}`;
    }
    this.emitFile({ type: 'asset', fileName: 'start-assets.json', source: JSON.stringify({ strings }) });
  },
};

/**
 * sonner puts its styles in a `<style>` element of its own when it loads, which a policy without
 * 'unsafe-inline' refuses (decision 080): its module loses that call; the same rules come with the app's
 * stylesheet (src/index.css imports the file sonner ships). Fails the build if sonner stops doing it this way.
 */
const SONNER = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.mjs$/;
const sonnerStylesAsFile: Plugin = {
  name: 'aula-sonner-styles-as-file',
  transform(code, id) {
    if (!SONNER.test(id)) return;
    const call = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;
    if (!call.test(code))
      this.error('sonner no longer injects its styles with __insertCSS("…"): check decision 080');
    return { code: code.replace(call, ''), map: null };
  },
};

/**
 * Lucide's icon data gives each element of an icon a React key, a random six-character hash that brotli cannot
 * shrink: about 1 KB of the start path for the tile icons. An icon's elements are a fixed list, so React's
 * keys by position render the same; a production build leaves the keys out (React asks for keys in lists only
 * in development, where they stay).
 */
const lucideKeys: Plugin = {
  name: 'aula-lucide-keys',
  apply: 'build',
  transform: {
    filter: { id: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/ },
    handler(code) {
      return { code: code.replace(/,\s*key: "[0-9a-z]+"/g, ''), map: null };
    },
  },
};

const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: null,
  includeManifestIcons: false, // globPatterns below already has every icon
  manifest: {
    id: '/',
    lang: 'de',
    name: 'Aula',
    short_name: 'Aula',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // the light theme's top bar and page background (src/index.css, lib/theme.ts)
    theme_color: '#ffffff',
    background_color: '#f8fafc',
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The app shell: every page's code, styles, fonts and icons.
    globPatterns: ['**/*.{js,css,html,woff,woff2,svg,png,ico}'],
    // the common-password list (about 150 KB compressed) is only fetched by a password form, which needs
    // the server anyway: installing the app must not download it on every phone
    globIgnores: ['**/common-passwords-*.js'],
    navigateFallback: 'index.html',
    // As the server's SPA fallback: only extension-less pages outside /api/ are the app.
    // No runtime caching at all: a stale session or tile list would be worse than the offline page.
    navigateFallbackDenylist: [/^\/api\//, /^[^?]*\.[a-z0-9]+(\?|$)/i],
    // The first visit comes under the service worker at once; later versions wait for the update toast.
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // push and notification clicks (issue 23): plain JS from public/, served beside sw.js
    importScripts: ['/push-sw.js'],
  },
});

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    tileSpritePlugin(TILE_ICON_GLYPHS),
    pwa,
    findStartPath,
    startAssets,
    sonnerStylesAsFile,
    lucideKeys,
  ],
  // every script, preload and stylesheet of index.html carries this; the server puts each page's own nonce
  // in its place (CSP_NONCE_PLACEHOLDER in packages/contracts/src/plain/boot.ts, decision 080)
  html: { cspNonce: 'AULA_CSP_NONCE_PLACEHOLDER' },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React 19 has useSyncExternalStore: the shim's own copy for older React, which react-i18next and
      // TanStack's store import, is left out (the shim answers React's hook in React 19 as well)
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    rolldownOptions: {
      // a schema nobody uses is dropped: every z.… call of the contracts counts as free of side effects
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT },
            // the libraries the first paint needs, apart from the app's own start code: they stay cached
            // across releases
            { name: 'vendor', test: (id: string) => startPath.has(id) && NODE_MODULES.test(id) },
            { name: 'start', test: (id: string) => startPath.has(id) },
            // every icon and shared UI piece in one chunk each: split per importer set they made a page
            // fetch over a hundred files of a few hundred bytes, six at a time over HTTP/1.1
            { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/ },
          ],
        },
      },
    },
  },
});
