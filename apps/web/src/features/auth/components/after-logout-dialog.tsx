import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import type { DialogProps } from '@/lib/dialogs';
import { formatDateTime } from '@/lib/format';
import { providerMayBeSignedIn, signedOutAt, signedOutForIdle } from '@/lib/session';
import { signedOutEnded } from '@/lib/session-end';

/** spec 2.5 `after-logout`: confirms the sign-out (and when), with the way back in. */
export default function AfterLogoutDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const at = signedOutAt();
  const ended = signedOutEnded();
  return (
    <DialogFrame
      title={t('logout.doneTitle')}
      footer={
        <>
          <DialogClose asChild>
            <Button variant="outline">{t('common.close')}</Button>
          </DialogClose>
          <Button asChild>
            <Link to="/login" search={{ dialog: undefined }}>
              {t('logout.signInAgain')}
            </Link>
          </Button>
        </>
      }
    >
      <div className="flex items-start gap-3">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div className="grid gap-2">
          {signedOutForIdle() && <p>{t('session.idleSignedOut')}</p>}
          {ended && <p>{t(`sessionEnded.${ended}`)}</p>}
          {at !== undefined && <p>{t('logout.doneAt', { time: formatDateTime(at) })}</p>}
          {providerMayBeSignedIn() && <p role="note">{t('logout.providerSignedIn')}</p>}
          <p className="text-muted-foreground">{t('logout.doneBody')}</p>
        </div>
      </div>
    </DialogFrame>
  );
}
