// The start page's data (decision 051). The values live in plain/boot.ts (zod-free: the web app's start path
// imports them, decision 049); the shape names upper contracts' types, so it stands here (decision 083).
import type { Banner } from './branding.ts';
import type { ConfigMap } from './plain/config.ts';
import type { LayoutResponse } from './layout.ts';
import type { AdminMessage } from './messages.ts';
import type { PermsResponse } from './perms.ts';
import type { UserInfo } from './users.ts';

export * from './plain/boot.ts';

/**
 * What the start page carries from the API (decision 051): each field is the answer the route would give
 * this browser right now (GET /api/self, POST /api/config/key with every key, GET /api/perms for a user;
 * on `/` also GET /api/layout, GET /api/config/banner and a user's GET /api/messages/admin); a missing field
 * means "ask for it yourself". `self: null` is a visitor for certain (no session cookies).
 */
export interface BootData {
  self?: UserInfo | null;
  config?: ConfigMap;
  layout?: LayoutResponse;
  /** issue 34: the rest of what the first screen shows, so no request repeats the page */
  perms?: PermsResponse;
  banner?: Banner;
  adminMessages?: AdminMessage[];
}
