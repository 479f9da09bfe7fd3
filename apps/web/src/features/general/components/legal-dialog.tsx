import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame, DialogSection } from '@/components/ui/dialog';
import { textParagraphs, useConfigText } from '@/lib/config-texts';
import type { DialogProps } from '@/lib/dialogs';
import { useSelf } from '@/lib/session';

/**
 * spec 2.5 `legal`: imprint and privacy. The school's imprint from the dashboard imprint tab when
 * set, else a built-in note; and what Aula itself stores (docs/decisions/020-dialogs.md).
 */
export default function LegalDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const self = useSelf();
  // the school's imprint in the user's language (admin imprint tab); the built-in note otherwise
  const imprint = useConfigText('imprint').text;
  return (
    <DialogFrame
      title={t('dialogs.legal')}
      footer={
        <DialogClose asChild>
          <Button>{t('common.close')}</Button>
        </DialogClose>
      }
    >
      <DialogSection id="legal-imprint" title={t('legal.imprintTitle')}>
        {imprint ? (
          textParagraphs(imprint).map((p, i) => (
            <p key={i} className="whitespace-pre-line text-sm">
              {p}
            </p>
          ))
        ) : (
          <p className="text-sm">{t('legal.imprintBody')}</p>
        )}
      </DialogSection>
      <DialogSection id="legal-privacy" title={t('legal.privacyTitle')}>
        <ul className="list-disc ps-5 text-sm">
          <li>{t('legal.storesAccount')}</li>
          <li>{t('legal.storesPreferences')}</li>
          <li>{t('legal.storesPresence')}</li>
          <li>{t('legal.storesDevice')}</li>
        </ul>
        <p className="text-sm">{t('legal.privacyContact')}</p>
      </DialogSection>
      {self && (
        <Link to="/terms" search={{ dialog: undefined }} className="text-sm underline underline-offset-4">
          {t('pages.terms')}
        </Link>
      )}
    </DialogFrame>
  );
}
