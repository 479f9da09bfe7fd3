import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HELP_TOPICS, type HelpTopic } from '@aula/contracts';
import { Label } from '@/components/ui/label';
import type { DashboardTabProps } from '@/lib/dashboard';
import { TextEditor } from './text-editor';

export default function HelpTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  const id = useId();
  const [topic, setTopic] = useState<HelpTopic>('home');
  return (
    <div className="grid gap-4">
      <div className="grid max-w-sm gap-2">
        <Label htmlFor={id}>{t('adminSettings.help.topic')}</Label>
        <select
          id={id}
          value={topic}
          onChange={(e) => setTopic(e.target.value as HelpTopic)}
          className="h-9 rounded-md border border-input bg-background px-2"
        >
          {HELP_TOPICS.map((h) => (
            <option key={h} value={h}>
              {t(`adminSettings.help.topics.${h}`)}
            </option>
          ))}
        </select>
      </div>
      <TextEditor key={topic} textKey={`help.${topic}`} />
    </div>
  );
}
