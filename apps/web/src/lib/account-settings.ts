import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { isLocale, type AccountSettings, type Locale, type UserInfo } from '@aula/contracts';
import { apiRequest, trusted } from '@/lib/api-client';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { applyServerPreferences, selfQueryKey } from '@/lib/session';
import { getTheme, subscribeTheme } from '@/lib/theme';

/** PATCH /api/self/settings: any subset of theme, language and UI preferences, kept on the account. */
export function updateAccountSettings(settings: AccountSettings) {
  return apiRequest('/api/self/settings', {
    method: 'PATCH',
    body: settings,
    schema: trusted<UserInfo>(),
    requiresLogin: true,
  });
}

/** Saves to the account and applies the result here; other devices pick it up with their next self refresh. */
export function useUpdateAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccountSettings,
    // The cache update reaches syncAccountSettings, which applies the values here.
    onSuccess: (user) => queryClient.setQueryData(selfQueryKey, user),
  });
}

function storedLanguage(): Locale | undefined {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Keeps this browser and the account in step while signed in:
 * - the account's theme, language and UI preferences are applied whenever they change
 *   (after sign-in, and when another device changed them: spec 3.6, 4.2);
 * - a theme or language chosen here (menu, Alt+L) is saved to the account, and a local choice
 *   is written back when the account has none (spec 4.2).
 */
export function syncAccountSettings(queryClient: QueryClient): () => void {
  let applied = '';
  const self = () => queryClient.getQueryData<UserInfo | null>(selfQueryKey) ?? null;
  const save = (settings: AccountSettings) => {
    updateAccountSettings(settings).then(
      (user) => queryClient.setQueryData(selfQueryKey, user),
      () => undefined, // The local choice stays; the next change tries again.
    );
  };

  const onSelf = (user: UserInfo | null) => {
    if (!user) {
      applied = '';
      return;
    }
    const fingerprint = JSON.stringify([user.id, user.selected_theme, user.selected_lang, user.preferences]);
    if (fingerprint === applied) return;
    const firstForUser = !applied.startsWith(`[${user.id},`);
    applied = fingerprint;
    applyServerPreferences(user, { includeAuto: !firstForUser });
    if (!firstForUser) return;
    const writeBack: AccountSettings = {};
    if (user.selected_theme === 'auto' && getTheme() !== 'auto') writeBack.selected_theme = getTheme();
    const language = storedLanguage();
    if (user.selected_lang === 'auto' && language) writeBack.selected_lang = language;
    if (Object.keys(writeBack).length > 0) save(writeBack);
  };

  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.query.queryKey[0] === selfQueryKey[0]) {
      onSelf((event.query.state.data as UserInfo | null | undefined) ?? null);
    }
  });
  const unsubscribeTheme = subscribeTheme(() => {
    const user = self();
    const theme = getTheme();
    if (user && theme !== 'auto' && theme !== user.selected_theme) save({ selected_theme: theme });
  });
  const onLanguage = () => {
    const user = self();
    const language = storedLanguage();
    if (user && language && language !== user.selected_lang) save({ selected_lang: language });
  };
  i18n.on('languageChanged', onLanguage);
  onSelf(self());
  return () => {
    unsubscribeCache();
    unsubscribeTheme();
    i18n.off('languageChanged', onLanguage);
  };
}
