import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

const keepOpen = (event: Event) => event.preventDefault();

/**
 * The foot of a form in a dialog (decision 086): what stands first (a delete at the inline start), Cancel (or what
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

/**
 * The frame of a dialog around one form: title and intro (the dialog's description), the body, then Cancel and the
 * submit button at the foot (kept in view on a phone). While something was typed or a save runs, a click beside
 * the dialog does not close it; while a save runs, Cancel is off and the submit button spins.
 */
export function FormDialog({
  formId,
  title,
  intro,
  introId = `${formId}-intro`,
  className,
  dirty,
  pending,
  submit,
  submitProps,
  children,
}: {
  /** the `<form>`'s id, which the submit button sends */
  formId: string;
  title: ReactNode;
  intro: ReactNode;
  introId?: string;
  className?: string;
  dirty: boolean;
  pending: boolean;
  /** the submit button's content (icon and label) */
  submit: ReactNode;
  submitProps?: { disabled?: boolean; 'aria-describedby'?: string };
  children: ReactNode;
}) {
  const guard = dirty || pending ? keepOpen : undefined;
  return (
    <DialogContent
      aria-describedby={introId}
      className={className}
      // a click beside the dialog must not throw away what was typed
      onPointerDownOutside={guard}
      onInteractOutside={guard}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <p id={introId} className="text-sm text-muted-foreground">
          {intro}
        </p>
      </DialogHeader>
      {children}
      <FormFooter
        sticky
        formId={formId}
        pending={pending}
        cancelDisabled={pending}
        submit={submit}
        submitProps={submitProps}
      />
    </DialogContent>
  );
}
