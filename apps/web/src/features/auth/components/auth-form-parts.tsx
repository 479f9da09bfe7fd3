import type { ReactNode } from 'react';
import { ArrowLeft, CircleAlert, CircleCheck } from 'lucide-react';
import { MessageBox } from '@/components/message-box';

export type ResetStep = 'request' | 'code';

export const linkClass =
  'rounded-sm text-primary underline-offset-4 outline-ring hover:underline focus-visible:outline-2 focus-visible:outline-offset-2';

/** The message above a form: an error (role alert) or a notice (role status), announced when it appears. */
export function FormMessage({
  id,
  error,
  notice,
}: {
  id: string;
  error?: string | null;
  notice?: string | null;
}) {
  return (
    // one block in the form's column (no extra gap while empty); only one message shows at a time
    <div>
      <div role="alert" id={id}>
        {error && (
          <MessageBox tone="error" icon={CircleAlert}>
            {error}
          </MessageBox>
        )}
      </div>
      <div role="status">
        {notice && !error && (
          <MessageBox tone="notice" icon={CircleCheck}>
            {notice}
          </MessageBox>
        )}
      </div>
    </div>
  );
}

/** A "back" link drawn as text, mirrored in right-to-left languages. */
export function BackButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className={`inline-flex items-center gap-1 text-sm ${linkClass}`}>
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {children}
    </button>
  );
}
