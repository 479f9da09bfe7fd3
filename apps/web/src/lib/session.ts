import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SessionResult, UserInfo } from '@aula/contracts';
import { ApiError, apiRequest, forgetSession, rememberSession, trusted } from '@/lib/api-client';
import { configFlag, configQueryOptions, type AppConfig } from '@/lib/config';
import { followBrowserLanguage, setLanguage } from '@/lib/i18n';
import { applyUiPreferences } from '@/lib/preferences';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { startSessionTimers } from '@/lib/session-timers';
import { THEME_STORAGE_KEY, setTheme } from '@/lib/theme';

export const selfQueryKey = ['self'] as const;

/** GET /api/self: the signed-in user, or null for a visitor (a 401 means "logged out", not an error). */
export async function fetchSelf(): Promise<UserInfo | null> {
  try {
    return await apiRequest('/api/self', { schema: trusted<UserInfo>() });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * /oidc/callback and /saml/callback finish a sign-in through the school's identity provider. A browser still
 * signed in ("Sign in again at …", decision 079) must not start the old session's work there: the sign-in
 * ends that session, and an answer to an old-session call that arrives after it (418, cookies cleared) would
 * end the new one too. The app opens these pages as a visitor's; the callback's answer signs it in.
 */
export function completesSsoSignIn(pathname: string): boolean {
  return pathname === '/oidc/callback' || pathname === '/saml/callback';
}

export function selfQueryOptions() {
  return queryOptions({
    queryKey: selfQueryKey,
    queryFn: fetchSelf,
    staleTime: 30_000,
    retry: false,
  });
}

/** The signed-in user, or null; logged in means this is not null. */
export function useSelf(): UserInfo | null {
  return useQuery(selfQueryOptions()).data ?? null;
}

export function displayName(user: Pick<UserInfo, 'first_name' | 'last_name' | 'username'>): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name === '' ? user.username : name;
}

/**
 * spec 4.2: a theme or language the user chose on the account is applied here, with the UI
 * preferences (spec 3.6). Runs after sign-in and whenever the account's values change, so a
 * change made on another device arrives with the next self refresh.
 */
export function applyServerPreferences(user: UserInfo, { includeAuto = false } = {}): void {
  // 'auto' on a first sign-in means "never chosen" (the local choice is written back, spec 4.2);
  // a later change to 'auto' is a choice and is applied like any other.
  if (user.selected_theme !== 'auto' || includeAuto) setTheme(user.selected_theme);
  if (user.selected_lang !== 'auto') void setLanguage(user.selected_lang);
  else if (includeAuto) void followBrowserLanguage();
  applyUiPreferences(user.preferences);
}

export async function startSession(queryClient: QueryClient, session: SessionResult): Promise<void> {
  forgetSignOut();
  rememberSession(session);
  queryClient.setQueryData(selfQueryKey, session.user);
  applyServerPreferences(session.user);
  await queryClient.invalidateQueries({ queryKey: ['layout'] });
}

/**
 * The device settings that stay after logout: nothing personal (the language and theme of the
 * login page, the random device id of spec 3.6). Every other `aula.*` key is removed.
 */
const KEPT_STORAGE_KEYS = new Set([
  THEME_STORAGE_KEY,
  LANGUAGE_STORAGE_KEY,
  'aula.device' /* lib/device-id.ts */,
  'aula.pushOffer' /* features/push/lib/offer-memo.ts: hashed, names nobody */,
]);

/**
 * This tab's last sign-out, for the after-logout dialog (spec 2.5): when, whether the idle timer did it,
 * whether the identity provider may still be signed in. A time and two flags, nothing personal; ending the
 * session keeps them, since a call answered after the sign-out (a ping sent before it, answered 401 or 418)
 * ends it a second time and must not erase why and when. The next sign-in forgets them.
 */
const SIGNED_OUT_AT_KEY = 'aula.signedOutAt';
const SIGNED_OUT_IDLE_KEY = 'aula.signedOutIdle';
const PROVIDER_SIGNED_IN_KEY = 'aula.providerSignedIn';
/** why the server ended the session (a forced sign-out): lib/session-end.ts */
export const SIGNED_OUT_ENDED_KEY = 'aula.signedOutEnded';
const SIGN_OUT_KEYS = new Set([
  SIGNED_OUT_AT_KEY,
  SIGNED_OUT_IDLE_KEY,
  PROVIDER_SIGNED_IN_KEY,
  SIGNED_OUT_ENDED_KEY,
]);

/** Notes this tab's sign-out; every field is written, so nothing of an earlier one is left. */
export function rememberSignOut({
  idle,
  providerSignedIn,
  ended,
}: {
  idle: boolean;
  providerSignedIn: boolean;
  /** the server ended the session (a forced sign-out): its reason, lib/session-end.ts */
  ended?: string;
}): void {
  try {
    sessionStorage.setItem(SIGNED_OUT_AT_KEY, String(Date.now()));
    if (ended) sessionStorage.setItem(SIGNED_OUT_ENDED_KEY, ended);
    else sessionStorage.removeItem(SIGNED_OUT_ENDED_KEY);
    if (idle) sessionStorage.setItem(SIGNED_OUT_IDLE_KEY, '1');
    else sessionStorage.removeItem(SIGNED_OUT_IDLE_KEY);
    if (providerSignedIn) sessionStorage.setItem(PROVIDER_SIGNED_IN_KEY, '1');
    else sessionStorage.removeItem(PROVIDER_SIGNED_IN_KEY);
  } catch {
    // Without storage the dialog simply leaves out the time.
  }
}

function forgetSignOut(): void {
  try {
    for (const key of SIGN_OUT_KEYS) sessionStorage.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}

/** When this tab last signed out (epoch ms). */
export function signedOutAt(): number | undefined {
  try {
    const value = Number(sessionStorage.getItem(SIGNED_OUT_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Whether this tab's last sign-out came from the idle timer (spec 4.1). */
export function signedOutForIdle(): boolean {
  try {
    return sessionStorage.getItem(SIGNED_OUT_IDLE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether the school's identity provider may still be signed in after this tab's last sign-out. */
export function providerMayBeSignedIn(): boolean {
  try {
    return sessionStorage.getItem(PROVIDER_SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}

function clearStorage(storage: Storage, keep: ReadonlySet<string>): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
  for (const key of keys) {
    if (key !== null && key.startsWith('aula.') && !keep.has(key)) storage.removeItem(key);
  }
}

function clearPersonalStorage(): void {
  try {
    clearStorage(localStorage, KEPT_STORAGE_KEYS);
    clearStorage(sessionStorage, SIGN_OUT_KEYS);
  } catch {
    // Storage that cannot be read holds nothing of ours either.
  }
}

/**
 * Forgets everything personal (SECURITY.md: after logout the browser keeps no personal data)
 * and resets the theme to auto (spec 4.1). The school's config stays, in memory and in configDB.
 */
export function endSession(queryClient: QueryClient): void {
  forgetSession();
  clearPersonalStorage();
  // Self is set rather than removed, so components watching it see the change at once.
  queryClient.setQueryData(selfQueryKey, null);
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'config' && query.queryKey[0] !== 'self',
  });
  setTheme('auto');
  applyUiPreferences();
}

/** spec 4.1: after logout the user lands on root, or on login when logout_to_login is set. */
export function afterLogoutPath(config: AppConfig): '/' | '/login' {
  return configFlag(config, 'logout_to_login') ? '/login' : '/';
}

/**
 * spec 4.1: runs the refresh and idle timers for the app's lifetime. The idle limit follows the
 * school's config as it loads and changes; a sign-in in another tab loads the user here too.
 */
export function startSessionLifecycle(
  queryClient: QueryClient,
  { onIdle }: { onIdle: () => void },
): () => void {
  const config = () => queryClient.getQueryData(configQueryOptions().queryKey);
  const timers = startSessionTimers({
    idleMinutes: () => Number(config()?.logout_on_idle_time ?? 0) || 0,
    onIdle,
    onSignedInElsewhere: () => void queryClient.invalidateQueries({ queryKey: selfQueryKey }),
  });
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === 'config') timers.reschedule();
  });
  return () => {
    unsubscribe();
    timers.stop();
  };
}
