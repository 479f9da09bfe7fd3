// Zod-free: the web app's start path imports this (decision 049).
import type { ConfigMap } from './config.ts';
import type { LayoutResponse } from '../layout.ts';
import type { UserInfo } from '../users.ts';

/** The id of the start page's JSON data block (decision 051). */
export const BOOT_DATA_ID = 'aula-boot';

/**
 * What the web build writes as the nonce of every script, preload and stylesheet of index.html (Vite's
 * `html.cspNonce`, apps/web/vite.config.ts); the server puts each page's own nonce there (decision 080).
 */
export const CSP_NONCE_PLACEHOLDER = 'AULA_CSP_NONCE_PLACEHOLDER';

/** The cookie that mirrors the language chosen in this browser, so the server can preload its strings. */
export const LANGUAGE_COOKIE = 'aula_lang';

/**
 * What the start page carries from the API (decision 051): each field is the answer the route would give
 * this browser right now (GET /api/self, POST /api/config/key with every key, GET /api/layout on `/`); a
 * missing field means "ask for it yourself". `self: null` is a visitor for certain (no session cookies).
 */
export interface BootData {
  self?: UserInfo | null;
  config?: ConfigMap;
  layout?: LayoutResponse;
}
