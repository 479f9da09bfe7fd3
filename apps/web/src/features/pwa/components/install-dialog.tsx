import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame, DialogSection } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { useInstallPrompt } from '../hooks/use-install-prompt';
import type { InstallPlatform } from '../install-prompt';

const STEP_KEYS = {
  ios: ['pwa.install.ios.share', 'pwa.install.ios.addToHome', 'pwa.install.ios.confirm'],
  android: ['pwa.install.android.menu', 'pwa.install.android.install'],
  desktop: ['pwa.install.desktop.addressBar', 'pwa.install.desktop.menu'],
} as const satisfies Record<InstallPlatform, readonly string[]>;

/** spec 2.5 `install`: installs Aula as an app, with the browser's prompt or the steps for this device. */
export function InstallDialog({ close }: DialogProps) {
  const { t } = useTranslation();
  const { canInstall, installed, platform, promptInstall } = useInstallPrompt();
  const [prompting, setPrompting] = useState(false);

  const install = async () => {
    setPrompting(true);
    try {
      if ((await promptInstall()) === 'accepted') close();
    } finally {
      setPrompting(false);
    }
  };

  const closeButton = (
    <DialogClose asChild>
      <Button variant={canInstall ? 'outline' : 'default'}>
        {t(canInstall ? 'common.cancel' : 'common.close')}
      </Button>
    </DialogClose>
  );

  return (
    <DialogFrame
      title={t('pwa.install.title')}
      description={t('pwa.install.description')}
      footer={
        <>
          {closeButton}
          {canInstall && (
            <Button loading={prompting} onClick={() => void install()}>
              {!prompting && <Download aria-hidden="true" />}
              {t('pwa.install.action')}
            </Button>
          )}
        </>
      }
    >
      {installed ? (
        <p className="text-sm">{t('pwa.install.installed')}</p>
      ) : (
        !canInstall && (
          <DialogSection id="install-steps" title={t(`pwa.install.${platform}.title`)}>
            <ol className="grid list-decimal gap-1 ps-5 text-sm">
              {STEP_KEYS[platform].map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ol>
          </DialogSection>
        )
      )}
    </DialogFrame>
  );
}

export default InstallDialog;
