import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UPDATE_AUTO_APPLY_MS, UPDATE_TOAST_MS } from '@aula/contracts';
import { withToast } from '@/lib/notify';
import { usePwaUpdate } from './use-pwa-update';

const TOAST_ID = 'pwa-update';

/**
 * spec 1, 9: while a new version waits, a toast offers it for UPDATE_TOAST_MS and the update
 * applies itself after UPDATE_AUTO_APPLY_MS. Render once, inside the app's providers.
 */
export function usePwaUpdateToast(): void {
  const { t } = useTranslation();
  const { updateAvailable, applyUpdate } = usePwaUpdate();

  useEffect(() => {
    if (!updateAvailable) return;
    // The same id updates the toast in place, e.g. when the language changes.
    withToast((toast) =>
      toast(t('pwa.update.title'), {
        id: TOAST_ID,
        description: t('pwa.update.description', { seconds: UPDATE_AUTO_APPLY_MS / 1000 }),
        duration: UPDATE_TOAST_MS,
        action: { label: t('pwa.update.action'), onClick: applyUpdate },
      }),
    );
  }, [updateAvailable, applyUpdate, t]);

  useEffect(() => {
    if (!updateAvailable) return;
    const timer = setTimeout(applyUpdate, UPDATE_AUTO_APPLY_MS);
    return () => clearTimeout(timer);
  }, [updateAvailable, applyUpdate]);
}
