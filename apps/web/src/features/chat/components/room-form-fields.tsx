import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CHAT_ROOM_NAME, type ChatRoom } from '@aula/contracts';
import { CheckedField, useFieldMessages } from '@/components/form-kit';
import { ErrorAlert } from '@/components/message-box';
import { focusFirstIssue } from '@/lib/form-issues';
import { useCreateChatRoom } from '../api/create-room';
import { PeoplePicker } from './people-picker';
import {
  checkChatRoomForm,
  emptyChatRoomForm,
  serverFieldError,
  toChatRoomInput,
  type ChatRoomFormState,
} from './room-form';
import { RoomConfigFields } from './room-form-config';

/**
 * create-room's state and save: every rule checked first and shown at its field, the server's refusal shown
 * the same way, and whatever was typed kept on any error.
 */
export function useCreateRoomForm({
  formId,
  onCreated,
}: {
  formId: string;
  onCreated: (room: ChatRoom) => void;
}) {
  const [state, setState] = useState(emptyChatRoomForm);
  const [checked, setChecked] = useState(false);
  const create = useCreateChatRoom();
  const saving = create.isPending;
  const local = checked ? checkChatRoomForm(state) : [];
  const server = create.error && !saving ? serverFieldError(create.error) : null;
  const messageAt = useFieldMessages({ issues: local, server, failed: create.error });
  const errors = { name: messageAt('name'), members: messageAt('members'), form: messageAt('form') };
  const dirty = JSON.stringify(state) !== JSON.stringify(emptyChatRoomForm());
  const set = (next: Partial<ChatRoomFormState>) => setState((s) => ({ ...s, ...next }));
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    setChecked(true);
    const problems = checkChatRoomForm(state);
    if (focusFirstIssue(formId, problems, (field) => (field === 'members' ? 'search' : field))) return;
    create.reset();
    create.mutate(toChatRoomInput(state), { onSuccess: onCreated });
  };
  return { state, set, errors, submit, saving, dirty };
}

export type CreateRoomFormController = ReturnType<typeof useCreateRoomForm>;

/** create-room's body: name, whom it is for (groups, people, moderators among them), config, the form's error. */
export function RoomFormFields({
  formId,
  form,
  selfId,
}: {
  formId: string;
  form: CreateRoomFormController;
  selfId: number;
}) {
  const { t } = useTranslation();
  const { state, set, errors, submit, saving } = form;
  return (
    <form id={formId} noValidate onSubmit={submit} className="grid gap-6" aria-busy={saving || undefined}>
      <CheckedField
        id={`${formId}-name`}
        label={t('chat.rooms.form.name')}
        autoComplete="off"
        maxLength={MAX_CHAT_ROOM_NAME}
        value={state.name}
        placeholder={t('chat.rooms.form.namePlaceholder')}
        onChange={(event) => set({ name: event.target.value })}
        error={errors.name}
        errorId={`${formId}-name-error`}
      />
      <PeoplePicker
        legend={t('chat.rooms.form.members')}
        people={state.people}
        groups={state.groups}
        onPeople={(people) => set({ people })}
        onGroups={(groups) => set({ groups })}
        exclude={{ people: [selfId], groups: [] }}
        withModerators
        error={errors.members}
        errorId={`${formId}-members-error`}
        searchId={`${formId}-search`}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-base font-semibold">{t('chat.rooms.config.legend')}</legend>
        <RoomConfigFields value={state.config} onChange={(config) => set({ config })} />
      </fieldset>
      <ErrorAlert message={errors.form} />
    </form>
  );
}
