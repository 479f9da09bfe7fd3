import { useId } from 'react';
import { Label } from '@/components/ui/label';

/** An address the admin copies to the identity provider: read-only, left to right, selected on focus. */
export function ReadOnlyAddress({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <input
        id={id}
        readOnly
        dir="ltr"
        value={value}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onFocus={(event) => event.target.select()}
        className="h-9 rounded-md border bg-muted px-3 font-mono text-sm"
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
