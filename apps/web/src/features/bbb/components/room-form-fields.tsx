import { useTranslation } from 'react-i18next';
import { MAX_ROOM_NAME } from '@aula/contracts';
import { CheckedField } from '@/components/form-kit';
import { ErrorAlert } from '@/components/message-box';
import type { RoomFormController } from '../hooks/use-room-form';
import { MemberPicker } from './member-picker';
import { RoomSettingsFields } from './room-settings-fields';

/**
 * The room form's body, the same in the create-room dialog and on /new and /edit (decision 068): name,
 * members (groups and people with their moderator switch), settings, and the form's own error.
 */
export function RoomFormFields({
  formId,
  form,
  ownerId,
}: {
  formId: string;
  form: RoomFormController;
  ownerId: number;
}) {
  const { t } = useTranslation();
  const { state, set, errors, submit, saving } = form;
  return (
    <form id={formId} noValidate onSubmit={submit} className="grid gap-6" aria-busy={saving || undefined}>
      <CheckedField
        id={`${formId}-name`}
        label={t('bbb.form.name')}
        autoComplete="off"
        maxLength={MAX_ROOM_NAME}
        value={state.name}
        placeholder={t('bbb.form.namePlaceholder')}
        onChange={(event) => set({ name: event.target.value })}
        error={errors.name}
        errorId={`${formId}-name-error`}
      />
      <div id={`${formId}-members`} tabIndex={-1} className="outline-none">
        <MemberPicker
          people={state.people}
          groups={state.groups}
          onPeople={(people) => set({ people })}
          onGroups={(groups) => set({ groups })}
          ownerId={ownerId}
          error={errors.members}
          errorId={`${formId}-members-error`}
        />
      </div>
      <RoomSettingsFields
        value={state}
        onChange={set}
        maxId={`${formId}-max`}
        maxError={errors.maxParticipants}
      />
      <ErrorAlert message={errors.form} />
    </form>
  );
}
