// SQL of a room's audience (decisions 070, 072): who hears a room's events, whom its reports go to, and who
// gained or lost a room when group memberships changed outside the chat. Reads only; chat.repo.ts writes rooms.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { chatRoomGroups, chatRoomMembers, chatRooms, groupMembers, users } from '../../db/schema.ts';

const isAdminRow = (alias: string) => sql.raw(`(${alias}.roles && array['admin', 'superadmin']::text[])`);

/** Everyone who is a member now, as a person or through a group: the audience of the room's events. */
export async function findMemberIds(db: Db, roomId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatRoomMembers.userId })
    .from(chatRoomMembers)
    .where(eq(chatRoomMembers.roomId, roomId))
    .union(
      db
        .select({ id: groupMembers.userId })
        .from(chatRoomGroups)
        .innerJoin(groupMembers, eq(groupMembers.groupId, chatRoomGroups.groupId))
        .where(eq(chatRoomGroups.roomId, roomId)),
    );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * The room's moderators, by the rule of partOf: members with the flag (the owner always has it) and, in group
 * rooms, the school's admins who are members (as a person or through a group). Whom reports go to.
 */
export async function findModeratorIds(db: Db, roomId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select m.user_id as id from ${chatRoomMembers} m where m.room_id = ${roomId} and m.moderator
    union
    select u.id from ${users} u join ${chatRooms} r on r.id = ${roomId} and r.kind = 'group'
      where ${isAdminRow('u')} and (
        exists (select 1 from ${chatRoomMembers} am where am.room_id = ${roomId} and am.user_id = u.id)
        or exists (select 1 from ${chatRoomGroups} rg join ${groupMembers} gm on gm.group_id = rg.group_id
          where rg.room_id = ${roomId} and gm.user_id = u.id))`);
  return rows.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/**
 * For group memberships that changed outside the chat (user management, identity import, sign-on): each group
 * room of the school linked to one of the changed groups, with the changed users and whether each is a member of
 * it now (as a person or through any group). One query for the whole change.
 */
export async function findRoomsOfGroupChanges(
  db: Db,
  schoolId: number,
  changes: readonly { userId: number; groupId: number }[],
): Promise<{ roomId: number; userId: number; member: boolean }[]> {
  if (!changes.length) return [];
  const rows = await db.execute<{ room_id: number; user_id: number; member: boolean }>(sql`
    select distinct rg.room_id, c."userId" as user_id,
      (exists (select 1 from ${chatRoomMembers} m where m.room_id = rg.room_id and m.user_id = c."userId")
        or exists (select 1 from ${chatRoomGroups} rg2 join ${groupMembers} gm on gm.group_id = rg2.group_id
          where rg2.room_id = rg.room_id and gm.user_id = c."userId")) as member
    from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as c("userId" int, "groupId" int)
    join ${chatRoomGroups} rg on rg.group_id = c."groupId"
    join ${chatRooms} r on r.id = rg.room_id and r.school_id = ${schoolId}
    order by rg.room_id, user_id`);
  return rows.rows.map((r) => ({ roomId: Number(r.room_id), userId: Number(r.user_id), member: r.member }));
}
