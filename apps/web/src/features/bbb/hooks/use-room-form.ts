import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Room } from '@aula/contracts';
import { errorMessage } from '@/lib/error-message';
import { formatNumber } from '@/lib/format';
import { useCreateRoom } from '../api/create-room';
import { useUpdateRoom } from '../api/update-room';
import {
  MAX_PARTICIPANTS_RANGE,
  checkRoomForm,
  emptyRoomForm,
  serverFieldError,
  toRoomInput,
  toRoomPatch,
  type RoomField,
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
  const { t } = useTranslation();
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
  const messageAt = (field: RoomField): string | null => {
    const own = local.find((error) => error.field === field);
    if (own) {
      const values = Object.fromEntries(
        Object.entries(own.values ?? {}).map(([k, v]) => [k, formatNumber(v)]),
      );
      return t(own.key as never, values);
    }
    if (server?.field !== field) return null;
    return server.key
      ? t(server.key as never, {
          min: formatNumber(MAX_PARTICIPANTS_RANGE.min),
          max: formatNumber(MAX_PARTICIPANTS_RANGE.max),
        })
      : errorMessage(t, failed);
  };
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
    if (problems.length > 0) {
      const field = problems[0]!.field === 'maxParticipants' ? 'max' : problems[0]!.field;
      document.getElementById(`${formId}-${field}`)?.focus();
      return;
    }
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
