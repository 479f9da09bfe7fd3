// The demo school's chat (decisions 070, 072): the class teacher's room for class 5a with a few messages, and a
// private chat between the teacher and a pupil, so the chat page is not empty and both ends have something
// to answer.
import type { Db } from '../db/index.ts';
import { insertMessage } from '../modules/chat/chat-messages.repo.ts';
import {
  addGroups,
  addPersonMembers,
  findOrInsertPrivateRoom,
  insertRoom,
} from '../modules/chat/chat.repo.ts';

const MINUTE = 60_000;

export async function seedDemoChat(
  db: Db,
  schoolId: number,
  userIds: Map<string, number>,
  groupIds: Map<string, number>,
): Promise<void> {
  const id = (username: string) => userIds.get(username)!;
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * MINUTE);
  let counter = 0;
  const say = (roomId: number, username: string, body: string, minutesAgo: number) =>
    insertMessage(db, {
      schoolId,
      roomId,
      senderId: id(username),
      body,
      clientId: `demo-${++counter}`,
      createdAt: at(minutesAgo),
    });

  const classRoom = await insertRoom(db, {
    schoolId,
    kind: 'group',
    name: 'Klasse 5a',
    ownerId: id('teacher'),
    privateKey: null,
    announcements: false,
    uploads: true,
    createdAt: at(120),
  });
  await addPersonMembers(db, classRoom, [{ userId: id('teacher'), moderator: true }], at(120));
  await addGroups(db, classRoom, [groupIds.get('5a')!]);
  await say(
    classRoom,
    'teacher',
    'Guten Morgen, liebe 5a! Hier könnt ihr Fragen zu den Hausaufgaben stellen.',
    110,
  );
  await say(
    classRoom,
    'student',
    'Guten Morgen! Bis wann sollen wir das Arbeitsblatt zu den Brüchen abgeben?',
    95,
  );
  await say(classRoom, 'teacher', 'Bis Freitag. Wer Hilfe braucht, schreibt mir einfach.', 90);
  await say(classRoom, 'student2', 'Danke! Ich bringe morgen auch das Buch für die Klassenbücherei mit.', 60);

  const { teacher, student } = { teacher: id('teacher'), student: id('student') };
  const pair = await findOrInsertPrivateRoom(
    db,
    {
      schoolId,
      kind: 'private',
      name: null,
      ownerId: null,
      privateKey: `${Math.min(teacher, student)}:${Math.max(teacher, student)}`,
      announcements: false,
      uploads: true,
      createdAt: at(45),
    },
    [teacher, student],
  );
  await say(pair.id, 'teacher', 'Hallo Sara, dein Referat über Igel war richtig gut!', 40);
  await say(pair.id, 'student', 'Danke, Frau Lehmann! Das hat mir viel Spaß gemacht.', 30);
}
