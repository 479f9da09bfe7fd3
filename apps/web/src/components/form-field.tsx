import type { ComponentProps, ReactNode } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface FormFieldProps extends ComponentProps<typeof Input> {
  /** The input's id; the label points at it and a hint gets `<id>-hint`. */
  id: string;
  label: ReactNode;
  /** Shown on the label's line, at its far end (e.g. a "forgot password?" link). */
  labelAside?: ReactNode;
  /** A line below the input that describes it (read before the field's own aria-describedby). */
  hint?: ReactNode;
  /** More below the input, not tied to it. */
  children?: ReactNode;
}

/** A labelled input in a form's column; all input props (ref, aria-*, autoComplete, …) go to the input. */
export function FormField({ id, label, labelAside, hint, children, ...input }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : undefined, input['aria-describedby']].filter(Boolean).join(' ');
  const labelElement = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className="grid gap-2">
      {labelAside ? (
        // on touch screens a link beside the label (forgot password?) is a 44 px row of its own height
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 coarse:items-center coarse:[&>a]:flex coarse:[&>a]:min-h-11 coarse:[&>a]:items-center">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      <Input {...input} id={id} aria-describedby={describedBy || undefined} />
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {children}
    </div>
  );
}
