import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ROOM_GUEST_POLICIES } from '@aula/contracts';
import { ErrorAlert } from '@/components/message-box';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatNumber } from '@/lib/format';
import { MAX_PARTICIPANTS_RANGE, type RoomFormState } from '../lib/room-form';

const optionClass = 'flex min-h-9 cursor-pointer items-start gap-2 py-1 text-sm coarse:min-h-11';

type Settings = Pick<RoomFormState, 'muteOnJoin' | 'guestPolicy' | 'anyoneCanStart' | 'maxParticipants'>;

/**
 * The room's settings as schools need them (issue 21, decision 068): mute on join, guests (none, at once, or
 * let in by a moderator: BBB's guest policy), who may start the meeting, and the largest number of
 * participants (empty: no limit).
 */
export function RoomSettingsFields({
  value,
  onChange,
  maxId,
  maxError,
}: {
  value: Settings;
  onChange: (next: Partial<Settings>) => void;
  /** the limit field's id (the form moves focus there on an error) */
  maxId: string;
  maxError: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-1 text-base font-semibold">{t('bbb.form.settings')}</legend>
      <label className={optionClass}>
        <input
          type="checkbox"
          checked={value.muteOnJoin}
          onChange={(event) => onChange({ muteOnJoin: event.target.checked })}
          className="mt-0.5 size-4 shrink-0 accent-primary"
        />
        {t('bbb.form.muteOnJoin')}
      </label>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">{t('bbb.form.guests.legend')}</legend>
        {ROOM_GUEST_POLICIES.map((policy) => (
          <label key={policy} className={optionClass}>
            <input
              type="radio"
              name={`${id}-guests`}
              value={policy}
              checked={value.guestPolicy === policy}
              onChange={() => onChange({ guestPolicy: policy })}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            {t(`bbb.form.guests.${policy}`)}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">{t('bbb.form.start.legend')}</legend>
        {[false, true].map((anyone) => (
          <label key={String(anyone)} className={optionClass}>
            <input
              type="radio"
              name={`${id}-start`}
              checked={value.anyoneCanStart === anyone}
              onChange={() => onChange({ anyoneCanStart: anyone })}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            {t(anyone ? 'bbb.form.start.anyone' : 'bbb.form.start.moderators')}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={maxId}>{t('bbb.form.max')}</Label>
        <Input
          id={maxId}
          inputMode="numeric"
          autoComplete="off"
          className="w-32"
          maxLength={6}
          value={value.maxParticipants}
          onChange={(event) => onChange({ maxParticipants: event.target.value })}
          aria-invalid={maxError !== null || undefined}
          aria-describedby={`${maxId}-hint${maxError ? ` ${maxId}-error` : ''}`}
        />
        <p id={`${maxId}-hint`} className="text-sm text-muted-foreground">
          {t('bbb.form.maxHint', {
            min: formatNumber(MAX_PARTICIPANTS_RANGE.min),
            max: formatNumber(MAX_PARTICIPANTS_RANGE.max),
          })}
        </p>
        <ErrorAlert id={`${maxId}-error`} message={maxError} />
      </div>
    </fieldset>
  );
}
