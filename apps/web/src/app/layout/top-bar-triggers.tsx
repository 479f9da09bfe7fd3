import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageCircle } from 'lucide-react';
import type { UserInfo } from '@aula/contracts';
import { Button } from '@/components/ui/button';
import { displayName } from '@/lib/session';
import { initials } from './top-bar-entries';

// The top bar's menu triggers, shared by the plain buttons shown first and the menus loaded after the first
// paint (decision 050), which import them from here rather than from top-bar.tsx.

export interface UserMenuProps {
  self: UserInfo;
}

interface TriggerProps extends UserMenuProps {
  /** On phones, where the sick entries are in the menu: the unprocessed notices, in words, and as a dot. */
  notice?: string;
}

/**
 * The user menu's trigger (user-menu.tsx): the user's initials, and beside them the name on wide screens;
 * its accessible name is the full name. The real menu's state and handlers come in `props`.
 */
export function UserMenuTrigger({ self, notice, ...props }: TriggerProps & ComponentProps<'button'>) {
  const { t } = useTranslation();
  const name = displayName(self);
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={notice ? `${t('nav.userMenu', { name })}, ${notice}` : t('nav.userMenu', { name })}
      aria-haspopup="menu"
      aria-expanded={false}
      className="relative max-w-56 mobile:size-11 mobile:rounded-full mobile:p-0"
      {...props}
    >
      <span
        aria-hidden="true"
        dir="auto"
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground mobile:size-9 mobile:text-sm"
      >
        {initials(self)}
      </span>
      {notice && (
        <span
          aria-hidden="true"
          className="absolute end-0.5 top-0.5 size-3 rounded-full border-2 border-card bg-destructive"
        />
      )}
      <span className="truncate mobile:hidden">{name}</span>
    </Button>
  );
}

/** The chat popover's trigger (chat-popover.tsx). */
export function ChatTrigger(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={t('pages.chat')}
      aria-haspopup="dialog"
      aria-expanded={false}
      className="mobile:size-11"
      {...props}
    >
      <MessageCircle aria-hidden="true" />
    </Button>
  );
}
