import { useState, type FormEvent } from 'react';
import type { Room } from '@aula/contracts';
import { useFieldMessages } from '@/components/form-kit';
import { focusFirstIssue } from '@/lib/form-issues';
import { useCreateRoom } from '../api/create-room';
import { useUpdateRoom } from '../api/update-room';
import {
  MAX_PARTICIPANTS_RANGE,
  checkRoomForm,
  emptyRoomForm,
  serverFieldError,
  toRoomInput,
  toRoomPatch,
  type RoomFormState,
} from '../lib/room-form';

export interface UseRoomFormOptions {
  /** the id prefix of the form's fields (focus moves to the first with a problem) */
  formId: string;
  /** /edit: the room as stored, and its number; absent: a new room */
  stored?: { id: number; form: RoomFormState };
  /** after saving: the saved room, or null when nothing had changed */
  onSaved: (room: Room | null) => void;
}

/**
 * The room form's state and its save (create-room, /new, /edit): every rule checked first and shown at its
 * field, the server's refusal shown the same way, and whatever was typed kept on any error.
 */
export function useRoomForm({ formId, stored, onSaved }: UseRoomFormOptions) {
  const [initial] = useState(() => stored?.form ?? emptyRoomForm());
  const [state, setState] = useState(initial);
  const [checked, setChecked] = useState(false);
  const create = useCreateRoom();
  const update = useUpdateRoom();
  const saving = create.isPending || update.isPending;
  const failed = stored ? update.error : create.error;

  // once saved, the messages follow the typing; a server answer stays until the next save
  const local = checked ? checkRoomForm(state) : [];
  const server = failed && !saving ? serverFieldError(failed) : null;
  const messageAt = useFieldMessages({
    issues: local,
    server,
    failed,
    serverValues: MAX_PARTICIPANTS_RANGE,
  });
  const errors = {
    name: messageAt('name'),
    members: messageAt('members'),
    maxParticipants: messageAt('maxParticipants'),
    form: messageAt('form'),
  };
  const dirty = JSON.stringify(state) !== JSON.stringify(initial);

  const set = (next: Partial<RoomFormState>) => setState((s) => ({ ...s, ...next }));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    setChecked(true);
    const problems = checkRoomForm(state);
    if (focusFirstIssue(formId, problems, (field) => (field === 'maxParticipants' ? 'max' : field))) return;
    if (stored) {
      const patch = toRoomPatch(stored.form, state);
      if (Object.keys(patch).length === 0) return onSaved(null);
      update.reset();
      update.mutate({ id: stored.id, patch }, { onSuccess: (room) => onSaved(room) });
    } else {
      create.reset();
      create.mutate(toRoomInput(state), { onSuccess: (room) => onSaved(room) });
    }
  };

  return { state, set, errors, submit, saving, dirty };
}

export type RoomFormController = ReturnType<typeof useRoomForm>;
