import { useTranslation } from 'react-i18next';
import { Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { SHORTCUTS } from '@/lib/shortcuts';
import { toggleTheme, useResolvedTheme } from '@/lib/theme';

export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useResolvedTheme();
  const shortcut = SHORTCUTS.toggleTheme;
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label={t('theme.toggle')}
      aria-keyshortcuts={shortcut.keys}
      title={`${t(shortcut.labelKey)} (${shortcut.keys})`}
      onClick={toggleTheme}
    >
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
