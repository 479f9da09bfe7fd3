import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Popover } from 'radix-ui';
import type { DeferredMenuProps } from '@/components/deferred-menu';
import { Button } from '@/components/ui/button';
import { ChatTrigger } from './top-bar-triggers';

/** spec 2.6: the superadmin's chat popover (chat itself is still to come). */
export function ChatPopover({ initiallyOpen }: DeferredMenuProps) {
  const { t } = useTranslation();
  return (
    <Popover.Root defaultOpen={initiallyOpen}>
      <Popover.Trigger asChild>
        <ChatTrigger />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          aria-label={t('pages.chat')}
          className="z-50 grid w-72 gap-3 rounded-md border bg-popover p-4 text-sm text-popover-foreground shadow-md"
        >
          <p className="text-muted-foreground">{t('placeholder.body')}</p>
          <Button asChild size="sm" variant="outline">
            <Link to="/app/chat">{t('pages.chat')}</Link>
          </Button>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
