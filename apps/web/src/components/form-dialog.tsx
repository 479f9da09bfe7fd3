import type { ReactNode } from 'react';
import { DialogContent, DialogHeader, DialogTitle, FormFooter } from '@/components/ui/dialog';

const keepOpen = (event: Event) => event.preventDefault();

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
