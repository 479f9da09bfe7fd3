import { createContext, useContext, type ComponentProps, type ReactNode } from 'react';
import { Dialog as Primitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

export const Dialog = Primitive.Root;
export const DialogClose = Primitive.Close;

/**
 * Where focus goes when a dialog closes. Dialogs open from the address, not from a Radix trigger,
 * so the host says which element opened them (undefined after a deep link: the main content).
 */
export const DialogReturnFocusContext = createContext<HTMLElement | undefined>(undefined);

/**
 * Told once the dialog's content is on the page and its focus trap takes over. The host opens the next stacked
 * dialog only then: a modal hides everything but itself and traps focus in the order modals mount.
 */
export const DialogShownContext = createContext<(() => void) | undefined>(undefined);

function returnFocus(opener: HTMLElement | undefined): void {
  const target = opener?.isConnected ? opener : document.getElementById('main');
  target?.focus();
}

/** A labelled modal: focus moves in on open, is trapped, and returns to the opener on close. */
export function DialogContent({
  className,
  children,
  showClose = true,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof Primitive.Content> & { showClose?: boolean }) {
  const { t } = useTranslation();
  const opener = useContext(DialogReturnFocusContext);
  const onShown = useContext(DialogShownContext);
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <Primitive.Content
        data-slot="dialog-content"
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-lg outline-none',
          className,
        )}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          onShown?.();
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          if (event.defaultPrevented) return;
          event.preventDefault();
          returnFocus(opener);
        }}
        {...props}
      >
        {children}
        {showClose && (
          <Primitive.Close
            className="absolute end-3 top-3 rounded-md p-1 opacity-70 outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring coarse:end-1 coarse:top-1 coarse:p-3.5"
            aria-label={t('common.close')}
          >
            <X className="size-4" aria-hidden="true" />
          </Primitive.Close>
        )}
      </Primitive.Content>
    </Primitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-2 pe-6 text-start coarse:pe-8', className)} {...props} />;
}

/** The dialog's buttons; `sticky` keeps them at the foot of a dialog that scrolls on a phone. */
export function DialogFooter({
  className,
  sticky = false,
  ...props
}: ComponentProps<'div'> & { sticky?: boolean }) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-2 mobile:[&>*]:w-full desktop:flex-row desktop:justify-end',
        sticky &&
          'mobile:sticky mobile:-bottom-6 mobile:z-10 mobile:-mx-6 mobile:-mb-6 mobile:border-t mobile:bg-card mobile:px-6 mobile:py-4',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof Primitive.Title>) {
  return <Primitive.Title className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof Primitive.Description>) {
  return <Primitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/**
 * The foot of a form in a dialog (decision 086; here, not in form-dialog.tsx, so the lazy dialogs share the chunk they
 * already load and the start path names no new one): what stands first (a delete at the inline start), Cancel (or what
 * replaces it, such as signing out of a forced dialog), then the submit button, which spins while a save runs.
 * Inside the `<form>` it needs no `formId`; outside it, `formId` names the form the button sends.
 */
export function FormFooter({
  formId,
  pending,
  submit,
  submitProps,
  before,
  cancel,
  cancelDisabled = false,
  sticky = false,
}: {
  formId?: string;
  pending: boolean;
  /** the submit button's content (icon and label) */
  submit: ReactNode;
  submitProps?: { disabled?: boolean; 'aria-describedby'?: string; variant?: 'destructive' };
  before?: ReactNode;
  /** instead of Cancel */
  cancel?: ReactNode;
  cancelDisabled?: boolean;
  /** keeps the buttons in view at the foot of a dialog that scrolls on a phone */
  sticky?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <DialogFooter sticky={sticky}>
      {before}
      {cancel ?? (
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={cancelDisabled}>
            {t('common.cancel')}
          </Button>
        </DialogClose>
      )}
      <Button type="submit" form={formId} loading={pending} {...submitProps}>
        {submit}
      </Button>
    </DialogFooter>
  );
}

/** The frame most dialogs share: title, optional description, body and footer. */
export function DialogFrame({
  title,
  description,
  children,
  footer,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  className?: string;
}) {
  return (
    <DialogContent className={className} {...(description ? {} : { 'aria-describedby': undefined })}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {description && <DialogDescription>{description}</DialogDescription>}
      </DialogHeader>
      {children}
      {footer && <DialogFooter>{footer}</DialogFooter>}
    </DialogContent>
  );
}

/** A titled part of a dialog's body, labelled by its heading for screen readers. */
export function DialogSection({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-2" aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
