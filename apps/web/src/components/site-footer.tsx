import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useDialogs } from '@/lib/dialogs';

const FooterAbove = createContext(false);

/** A layout that shows the footer itself: pages inside it (a message page in the shell) show none of their own. */
export function FooterScope({ children }: { children: ReactNode }) {
  return <FooterAbove value>{children}</FooterAbove>;
}

/**
 * Hilfe · Impressum · Datenschutz (issue 19 item 9): the imprint must be one step away on every page (DDG §5).
 * Imprint and privacy are the two sections of the `legal` dialog; help is the `help` dialog (left out where
 * the top bar has its help button).
 */
export function SiteFooter({ className, help = true }: { className?: string; help?: boolean }) {
  const { t } = useTranslation();
  const { open } = useDialogs();
  const shownAbove = useContext(FooterAbove);
  if (shownAbove) return null;
  const links = [
    ...(help ? ([['help', t('app.footer.help')]] as const) : []),
    ['legal', t('app.footer.imprint')],
    ['legal', t('app.footer.privacy'), 'legal-privacy'],
  ] as const;
  // the dialog's code may still be on its way: its section is scrolled to once it is there
  const show = async (dialog: 'help' | 'legal', section?: string) => {
    await open(dialog);
    for (let tries = 0; section && tries < 50; tries++) {
      const target = document.getElementById(section);
      if (target) return target.scrollIntoView({ block: 'start' });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  return (
    <footer className={cn('px-4 py-3 text-sm text-muted-foreground', className)}>
      <ul aria-label={t('app.footer.label')} className="flex flex-wrap items-center justify-center">
        {links.map(([dialog, label, section], i) => (
          <li key={label} className="flex items-center">
            {i > 0 && <span aria-hidden="true">·</span>}
            <button
              type="button"
              onClick={() => void show(dialog, section)}
              className="min-h-11 rounded-sm px-3 underline-offset-4 outline-ring hover:underline focus-visible:outline-2"
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
    </footer>
  );
}
