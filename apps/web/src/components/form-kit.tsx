import type { ComponentProps } from 'react';
import type { TOptions } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { ErrorAlert } from '@/components/message-box';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import type { FieldIssue, ServerPlacement } from '@/lib/form-issues';

const formatted = (values: Record<string, number> = {}) =>
  Object.fromEntries(Object.entries(values).map(([name, n]) => [name, formatNumber(n)]));

/** An issue's message, its numbers in the page's digits as the rest of the form writes them. */
export function useIssueText() {
  const { t } = useTranslation();
  return (issue: Pick<FieldIssue<string>, 'key' | 'values'>): string => {
    const options: TOptions = formatted(issue.values);
    // a key of MessageKey leads to a text; t's return type, widened over all keys at once, does not know that
    const text = t(issue.key, options);
    return typeof text === 'string' ? text : issue.key;
  };
}

/**
 * The message at each field of a form: the form's own check first, else the server's refusal placed there (its
 * field's own message, or the server's translated text). Pass `server` null while a save is under way.
 */
export function useFieldMessages<F extends string>({
  issues,
  server,
  failed,
  serverValues,
}: {
  issues: readonly FieldIssue<F>[];
  server: ServerPlacement<F> | null;
  failed: unknown;
  /** the numbers a field's own message names when the server sent it there */
  serverValues?: Record<string, number>;
}): (field: F | 'form') => string | null {
  const { t } = useTranslation();
  const issueText = useIssueText();
  return (field) => {
    const own = issues.find((issue) => issue.field === field);
    if (own) return issueText(own);
    if (server?.field !== field) return null;
    return server.key ? issueText({ key: server.key, values: serverValues }) : errorMessage(t, failed);
  };
}

/** A field's messages as one line below it, referenced by the field's aria-describedby. */
export function FieldError({
  id,
  issues,
}: {
  id: string;
  issues: readonly Pick<FieldIssue<string>, 'key' | 'values'>[];
}) {
  const issueText = useIssueText();
  if (issues.length === 0) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {issues.map(issueText).join(' ')}
    </p>
  );
}

/**
 * A labelled input with its checked message below it: marked invalid and described by the message while there is
 * one (`<id>-error`, or `errorId`).
 */
export function CheckedField({
  error,
  errorId,
  ...field
}: ComponentProps<typeof FormField> & { error: string | null; errorId?: string }) {
  const messageId = errorId ?? `${field.id}-error`;
  return (
    <FormField
      {...field}
      aria-invalid={error !== null || undefined}
      aria-describedby={error ? messageId : undefined}
    >
      <ErrorAlert id={messageId} message={error} />
    </FormField>
  );
}
