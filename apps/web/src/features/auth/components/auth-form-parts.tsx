import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';

export type ResetStep = 'request' | 'code';

export const linkClass =
  'relative hit-area rounded-sm text-primary underline-offset-4 outline-ring hover:underline focus-visible:outline-2 focus-visible:outline-offset-2';

/** A "back" link drawn as text, mirrored in right-to-left languages. */
export function BackButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} className={`inline-flex items-center gap-1 text-sm ${linkClass}`}>
      <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden="true" />
      {children}
    </button>
  );
}
