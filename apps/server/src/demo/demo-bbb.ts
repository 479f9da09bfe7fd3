// The demo school's video room (decision 067): the class teacher's room for class 5a, so the chooser is not
// empty and a pupil of 5a finds it shared with them.
import { DEFAULT_ROOM_SETTINGS } from '@aula/contracts';
import type { Db } from '../db/index.ts';
import { insertRoom, replaceGroups } from '../modules/bbb/bbb.repo.ts';
import { newMeeting, randomCode } from '../modules/bbb/bbb-codes.ts';

export async function seedDemoRooms(
  db: Db,
  schoolId: number,
  userIds: Map<string, number>,
  groupIds: Map<string, number>,
): Promise<void> {
  const roomId = await insertRoom(db, {
    schoolId,
    ownerId: userIds.get('teacher')!,
    name: 'Klasse 5a',
    // an empty database: no other room holds a code yet
    code: randomCode(),
    ...newMeeting(),
    ...DEFAULT_ROOM_SETTINGS,
    createdAt: new Date(),
  });
  await replaceGroups(db, roomId, [groupIds.get('5a')!]);
}
