import type { DashboardTabProps } from '@/lib/dashboard';
import { TextEditor } from './text-editor';

export default function ImprintTab(_props: DashboardTabProps) {
  return (
    <div className="grid gap-4">
      <TextEditor textKey="imprint" />
    </div>
  );
}
