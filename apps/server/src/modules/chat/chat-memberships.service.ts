// Group memberships that change outside the chat (user management, the identity import, single sign-on) change
// who is in the group rooms those groups belong to (decision 070). It handles group.members_changed (chat.events.ts)
// in the change's own transaction, so the events land with the change or not at all.
import type { Db } from '../../db/index.ts';
import { publishEvent } from '../events/events.service.ts';
import { findMemberIds, findRoomsOfGroupChanges } from './chat-members.repo.ts';

/**
 * After memberships were added or removed: for each group room linked to a changed group, the people who are no
 * longer in it get chat.room.removed, and the room's members as they are now (the newcomers among them) get one
 * chat.room. One event per affected room and kind, whatever the number of people: a bulk import of a whole
 * school raises as many events as there are rooms linked to the changed groups.
 */
export async function groupMembershipsChanged(
  tx: Db,
  schoolId: number,
  changes: readonly { userId: number; groupId: number }[],
  at: Date,
): Promise<void> {
  const rows = await findRoomsOfGroupChanges(tx, schoolId, changes);
  const gone = new Map<number, number[]>();
  for (const r of rows) if (!r.member) gone.set(r.roomId, [...(gone.get(r.roomId) ?? []), r.userId]);
  for (const roomId of new Set(rows.map((r) => r.roomId))) {
    const left = gone.get(roomId);
    if (left) await publishEvent(tx, { schoolId, userIds: left }, 'chat.room.removed', { roomId }, at);
    const members = await findMemberIds(tx, roomId);
    if (members.length) await publishEvent(tx, { schoolId, userIds: members }, 'chat.room', { roomId }, at);
  }
}
