// The demo school's sick notices (decision 062), so the list is not empty: one the demo teacher's class
// still has to process, one processed, one with a photo. Days around today in the school's time zone.
import sharp from 'sharp';
import { DEFAULT_TIME_ZONE, dayIn } from '@aula/contracts';
import type { Db } from '../db/index.ts';
import { imageOwner } from '../lib/image-limiter.ts';
import { preparePhoto } from '../modules/files/file-checks.ts';
import { storeFile } from '../modules/files/files.service.ts';
import { insertNotice, setProcessed } from '../modules/sick/sick.repo.ts';

function dayFrom(today: string, days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A small picture of a doctor's note, as a phone would send it (then stored as any photo is). */
async function notePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="#f8f5ec"/>
    <text x="32" y="72" font-size="34" font-family="sans-serif">Ärztliche Bescheinigung</text>
    <rect x="32" y="110" width="380" height="10" fill="#ccc"/><rect x="32" y="140" width="300" height="10" fill="#ccc"/>
    <rect x="32" y="170" width="340" height="10" fill="#ccc"/><text x="280" y="300" font-size="28" fill="#236">Dr. Weiß</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function seedDemoSickNotices(
  db: Db,
  schoolId: number,
  userIds: Map<string, number>,
): Promise<void> {
  const now = new Date();
  const today = dayIn(now, DEFAULT_TIME_ZONE);
  const id = (username: string) => userIds.get(username)!;
  // Ali (5a): his mother called the class teacher this morning; still to process
  await insertNotice(db, {
    schoolId,
    userId: id('student2'),
    reportedBy: id('teacher'),
    begins: today,
    ends: dayFrom(today, 1),
    message: 'Die Mutter hat angerufen: Fieber, voraussichtlich bis morgen.',
    photoFileId: null,
    createdAt: now,
  });
  // Mia (6b): reported last week, processed by her class teacher
  const processed = await insertNotice(db, {
    schoolId,
    userId: id('student3'),
    reportedBy: id('student3'),
    begins: dayFrom(today, -6),
    ends: dayFrom(today, -4),
    message: 'Magen-Darm-Grippe.',
    photoFileId: null,
    createdAt: new Date(now.getTime() - 6 * 24 * 3600_000),
  });
  await setProcessed(db, schoolId, processed, {
    at: new Date(now.getTime() - 5 * 24 * 3600_000),
    by: id('teacher2'),
  });
  // Noah (6b): with the photo of his doctor's note
  const { photo } = await preparePhoto({ data: await notePhoto() }, imageOwner(schoolId, null));
  const photoFileId = await storeFile(db, {
    schoolId,
    owner: { id: id('student4') },
    name: photo.name,
    mime: photo.mime,
    data: photo.data,
  });
  await insertNotice(db, {
    schoolId,
    userId: id('student4'),
    reportedBy: id('student4'),
    begins: dayFrom(today, -1),
    ends: dayFrom(today, 2),
    message: 'Attest vom Arzt im Foto.',
    photoFileId,
    createdAt: new Date(now.getTime() - 24 * 3600_000),
  });
}
