import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame, DialogSection } from '@/components/ui/dialog';
import { helpTopicForPath, textParagraphs, useConfigText } from '@/lib/config-texts';
import { useDialogs, type DialogProps } from '@/lib/dialogs';
import { SHORTCUTS } from '@/lib/shortcuts';

/** What a tile's corner badge says it does (the tiles' badges); a tile without one opens inside the portal. */
const BADGES = ['newTab', 'download', 'leaves', 'none'] as const;

/**
 * spec 2.6: the help dialog: how the portal works, the keyboard shortcuts, and where to turn. The shortcuts are
 * left out where the main pointer is a finger (a phone or tablet has no keyboard to use them; decision 057).
 */
export default function HelpDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const { open } = useDialogs();
  // the school's help text of this page (admin help tab), shown above the built-in help
  const topic = helpTopicForPath(useRouterState({ select: (state) => state.location.pathname }));
  const schoolHelp = useConfigText(`help.${topic ?? 'home'}`, topic !== null);
  const schoolText = topic ? schoolHelp.text : '';
  return (
    <DialogFrame
      title={t('help.title')}
      description={t('help.intro')}
      footer={
        <>
          <Button variant="outline" onClick={() => void open('legal')}>
            {t('dialogs.legal')}
          </Button>
          <DialogClose asChild>
            <Button>{t('common.close')}</Button>
          </DialogClose>
        </>
      }
    >
      {schoolText && (
        <DialogSection id="help-school" title={t('help.title')}>
          {textParagraphs(schoolText).map((p, i) => (
            <p key={i} className="whitespace-pre-line text-sm">
              {p}
            </p>
          ))}
        </DialogSection>
      )}
      <DialogSection id="help-tiles" title={t('help.tilesTitle')}>
        <p className="text-sm">{t('help.tilesBody')}</p>
        <ul className="grid list-disc gap-1 ps-5 text-sm">
          {BADGES.map((badge) => (
            <li key={badge}>{t(`help.badges.${badge}`, { product: PRODUCT_NAME })}</li>
          ))}
        </ul>
      </DialogSection>
      <div className="contents pointer-coarse:hidden">
        <DialogSection id="help-keys" title={t('help.keysTitle')}>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {[
              { keys: 'Tab', label: t('help.keyTab') },
              { keys: 'Esc', label: t('help.keyEscape') },
              ...Object.values(SHORTCUTS).map((shortcut) => ({
                keys: shortcut.keys,
                label: t(shortcut.labelKey),
              })),
            ].map(({ keys, label }) => (
              <div key={keys} className="contents">
                <dt>
                  <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs" dir="ltr">
                    {keys}
                  </kbd>
                </dt>
                <dd>{label}</dd>
              </div>
            ))}
          </dl>
        </DialogSection>
      </div>
      <DialogSection id="help-contact" title={t('help.contactTitle')}>
        <p className="text-sm">{t('help.contactBody')}</p>
      </DialogSection>
    </DialogFrame>
  );
}
