import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { useDialogs, type DialogProps } from '@/lib/dialogs';
import { SHORTCUTS } from '@/lib/shortcuts';

/** spec 2.6: the help dialog: how the portal works, the keyboard shortcuts, and where to turn. */
export default function HelpDialog(_props: DialogProps) {
  const { t } = useTranslation();
  const { open } = useDialogs();
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
      <section className="grid gap-2" aria-labelledby="help-tiles">
        <h3 id="help-tiles" className="font-semibold">
          {t('help.tilesTitle')}
        </h3>
        <p className="text-sm">{t('help.tilesBody')}</p>
      </section>
      <section className="grid gap-2" aria-labelledby="help-keys">
        <h3 id="help-keys" className="font-semibold">
          {t('help.keysTitle')}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt>
            <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs" dir="ltr">
              Tab
            </kbd>
          </dt>
          <dd>{t('help.keyTab')}</dd>
          <dt>
            <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs" dir="ltr">
              Esc
            </kbd>
          </dt>
          <dd>{t('help.keyEscape')}</dd>
          {Object.values(SHORTCUTS).map((shortcut) => (
            <div key={shortcut.name} className="contents">
              <dt>
                <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs" dir="ltr">
                  {shortcut.keys}
                </kbd>
              </dt>
              <dd>{t(shortcut.labelKey)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="grid gap-2" aria-labelledby="help-contact">
        <h3 id="help-contact" className="font-semibold">
          {t('help.contactTitle')}
        </h3>
        <p className="text-sm">{t('help.contactBody')}</p>
      </section>
    </DialogFrame>
  );
}
