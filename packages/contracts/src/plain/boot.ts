// Zod-free: the web app's start path imports this (decision 049). BootData, the shape, is in ../boot.ts.

/** The id of the start page's JSON data block (decision 051). */
export const BOOT_DATA_ID = 'aula-boot';

/**
 * What the web build writes as the nonce of every script, preload and stylesheet of index.html (Vite's
 * `html.cspNonce`, apps/web/vite.config.ts); the server puts each page's own nonce there (decision 080).
 */
export const CSP_NONCE_PLACEHOLDER = 'AULA_CSP_NONCE_PLACEHOLDER';

/** The cookie that mirrors the language chosen in this browser, so the server can preload its strings. */
export const LANGUAGE_COOKIE = 'aula_lang';
