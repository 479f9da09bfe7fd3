import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFrame } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { ErrorAlert } from './message-box';

/** The outline "Close" button of a dialog's footer. */
export function DialogCloseButton() {
  const { t } = useTranslation();
  return (
    <DialogClose asChild>
      <Button variant="outline">{t('common.close')}</Button>
    </DialogClose>
  );
}

/** "Loading …" as a status line, where a dialog's one thing will be. */
export function LoadingStatus() {
  const { t } = useTranslation();
  return (
    <p role="status" className="text-muted-foreground">
      {t('common.loading')}
    </p>
  );
}

/** A dialog whose one thing is not there yet: its title and "Loading …". */
export function LoadingDialog({ title }: { title: ReactNode }) {
  return (
    <DialogFrame title={title}>
      <LoadingStatus />
    </DialogFrame>
  );
}

const notShown = (error: unknown) => error instanceof ApiError && [403, 404].includes(error.status);

/**
 * The dialog that loads one thing: says `missing` when there is nothing to load (`absent`, e.g. no id in the
 * address) or the server does not show it (403, 404); the translated error when loading failed; "Loading …"
 * until it is there; then what `children` makes of it.
 */
export function OneThingDialog<T>({
  title,
  query,
  absent = false,
  missing,
  children,
}: {
  title: string;
  query: { data: T | undefined; error: unknown; isError: boolean };
  absent?: boolean;
  missing?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (missing !== undefined && (absent || notShown(query.error)))
    return <DialogFrame title={title} description={missing} footer={<DialogCloseButton />} />;
  if (query.isError)
    return (
      <DialogFrame title={title} footer={<DialogCloseButton />}>
        <ErrorAlert message={errorMessage(t, query.error)} />
      </DialogFrame>
    );
  if (query.data === undefined) return <LoadingDialog title={title} />;
  return children(query.data);
}
