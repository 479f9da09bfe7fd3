import { randomInt } from 'node:crypto';
import type { Db } from '../db/index.ts';
import { appGroups, apps, groupMembers, groups, users } from '../db/schema.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { storeFile } from '../modules/files/files.service.ts';
import { insertLayout } from '../modules/layout/layout.repo.ts';
import { countSchools, insertSchool } from '../modules/schools/schools.repo.ts';
import { upsertConfigValue } from '../modules/config/config.repo.ts';
import { demoPdf } from './demo-pdf.ts';
import { seedDemoChat } from './demo-chat.ts';
import { seedDemoRooms } from './demo-bbb.ts';
import { seedDemoSickNotices } from './demo-sick.ts';

export interface DemoCredential {
  role: string;
  username: string;
  password: string;
}

const DEMO_USERS = [
  {
    username: 'superadmin',
    firstName: 'Sam',
    lastName: 'Super',
    type: 'L',
    roles: ['superadmin'],
    role: 'superadmin',
  },
  { username: 'admin', firstName: 'Ada', lastName: 'Admin', type: 'L', roles: ['admin'], role: 'admin' },
  { username: 'teacher', firstName: 'Tina', lastName: 'Lehmann', type: 'L', roles: [], role: 'teacher' },
  { username: 'teacher2', firstName: 'Tom', lastName: 'Becker', type: 'L', roles: [], role: 'teacher' },
  { username: 'student', firstName: 'Sara', lastName: 'Schmidt', type: 'S', roles: [], role: 'student' },
  { username: 'student2', firstName: 'Ali', lastName: 'Yilmaz', type: 'S', roles: [], role: 'student' },
  { username: 'student3', firstName: 'Mia', lastName: 'Wagner', type: 'S', roles: [], role: 'student' },
  { username: 'student4', firstName: 'Noah', lastName: 'Fischer', type: 'S', roles: [], role: 'student' },
] as const;

/** Who is in which group: two classes and the staff room; teacher2 teaches both classes. */
const MEMBERSHIPS: Record<string, readonly string[]> = {
  '5a': ['teacher', 'teacher2', 'student', 'student2'],
  '6b': ['teacher2', 'student3', 'student4'],
  Kollegium: ['superadmin', 'admin', 'teacher', 'teacher2'],
};

type DemoApp = Omit<typeof apps.$inferInsert, 'schoolId'> & { key: string; groupNames?: string[] };

// 32 letters and digits without look-alikes (0/o, 1/l/i)
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789A';

/** A random password of 60 bits in three groups, e.g. "k7mq-x2rt-9pwa", easy to type from the console. */
export function demoPassword(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]!).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/**
 * Creates the demo school on an empty database (DESIGN.md "Demo school"): one user of each role,
 * two classes, tiles in all three layouts. Returns the credentials to print once, or null if a school exists.
 */
export async function seedDemoSchoolIfEmpty(db: Db, opts: { password?: string } = {}) {
  if ((await countSchools(db)) > 0) return null;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const school = await insertSchool(txDb, { slug: 'demo', name: 'Demo-Schule', isDefault: true });
    const schoolId = school.id;

    const credentials: DemoCredential[] = [];
    const userIds = new Map<string, number>();
    for (const u of DEMO_USERS) {
      const password = opts.password ?? demoPassword();
      const [row] = await tx
        .insert(users)
        .values({
          schoolId,
          laraId: `demo-${u.username}`,
          username: u.username,
          firstName: u.firstName,
          lastName: u.lastName,
          email: `${u.username}@demo-schule.example`,
          type: u.type,
          roles: [...u.roles],
          passwordHash: await hashPassword(password),
          sitePolicyAccepted: true,
        })
        .returning({ id: users.id });
      userIds.set(u.username, row!.id);
      credentials.push({ role: u.role, username: u.username, password });
    }

    const groupIds = new Map<string, number>();
    for (const [name, members] of Object.entries(MEMBERSHIPS)) {
      const [group] = await tx
        .insert(groups)
        .values({ schoolId, name, type: name === 'Kollegium' ? 'staff' : 'class' })
        .returning({ id: groups.id });
      groupIds.set(name, group!.id);
      await tx
        .insert(groupMembers)
        .values(members.map((m) => ({ schoolId, groupId: group!.id, userId: userIds.get(m)! })));
    }

    // through the file store like every file; the demo's own files need no upload checks
    const menuId = await storeFile(txDb, {
      schoolId,
      owner: null,
      name: 'Speiseplan.txt',
      mime: 'text/plain; charset=utf-8',
      data: Buffer.from(
        'Speiseplan der Woche\nMontag: Gemüsesuppe\nDienstag: Nudeln\nMittwoch: Reis mit Curry\n',
      ),
    });
    const letterPdf = demoPdf([
      'Liebe Eltern,',
      'der Elternabend der Klassen 5 und 6 ist am Donnerstag um 19 Uhr in der Aula.',
      'Mit freundlichen Gruessen, die Schulleitung',
    ]);
    const letterFileId = await storeFile(txDb, {
      schoolId,
      owner: { id: userIds.get('admin')! },
      name: 'Elternbrief.pdf',
      mime: 'application/pdf',
      data: letterPdf,
    });

    const admin = userIds.get('admin')!;
    const teacher = userIds.get('teacher')!;
    const demoApps: DemoApp[] = [
      {
        key: 'website',
        title: 'Schulwebsite',
        url: 'https://www.example.org/',
        target: 'link',
        iconName: 'globe',
        color: 'sky-500',
        titleTranslation: { en: 'School website', ar: 'موقع المدرسة', fa: 'وب‌سایت مدرسه' },
      },
      {
        key: 'plan',
        title: 'Vertretungsplan',
        url: 'https://www.example.org/vertretungsplan',
        target: 'newTab',
        iconName: 'calendar',
        color: 'orange-500',
        titleTranslation: { en: 'Substitution plan', ar: 'جدول البدلاء', fa: 'برنامه جایگزینی' },
      },
      {
        key: 'menu',
        title: 'Speiseplan',
        url: null,
        target: 'download',
        iconName: 'utensils',
        color: 'green-500',
        fileId: menuId,
        titleTranslation: { en: 'Lunch menu', ar: 'قائمة الطعام', fa: 'منوی غذا' },
      },
      {
        key: 'classbook',
        title: 'Klassenbuch',
        url: 'https://www.example.org/klassenbuch',
        target: 'iframe',
        iconName: 'book-open',
        color: 'blue-700',
        titleTranslation: { en: 'Class book', ar: 'دفتر الصف', fa: 'دفتر کلاس' },
      },
      {
        key: 'timetable',
        title: 'Stundenplan',
        url: 'https://www.example.org/stundenplan',
        target: 'iframe',
        iconName: 'clipboard-list',
        color: 'purple-500',
        titleTranslation: { en: 'Timetable', ar: 'الجدول الدراسي', fa: 'برنامه درسی' },
      },
      {
        key: 'mail',
        title: 'E-Mail',
        url: 'https://mail.example.org/',
        target: 'newTab',
        iconName: 'mail',
        color: 'red-500',
        // locked: on every personal layout (decision 023)
        locked: true,
        titleTranslation: { en: 'E-mail', ar: 'البريد', fa: 'ایمیل' },
      },
      {
        key: 'lms',
        title: 'Lernplattform',
        url: 'https://lernen.example.org/',
        target: 'newTab',
        iconName: 'graduation-cap',
        color: 'pink-700',
        titleTranslation: { en: 'Learning platform', ar: 'منصة التعلم', fa: 'سامانه آموزشی' },
      },
      {
        key: 'library',
        title: 'Bibliothek',
        url: 'https://bibliothek.example.org/',
        target: 'link',
        iconName: 'library',
        color: 'yellow-300',
        titleTranslation: { en: 'Library', ar: 'المكتبة', fa: 'کتابخانه' },
      },
      {
        key: 'letter',
        title: 'Elternbrief',
        url: null,
        target: 'download',
        iconName: 'file-text',
        color: 'sky-900',
        fileId: letterFileId,
        titleTranslation: { en: 'Letter to parents', ar: 'رسالة للأهل', fa: 'نامه به والدین' },
      },
      {
        key: 'math5a',
        title: 'Mathe 5a',
        url: 'https://mathe.example.org/5a',
        target: 'newTab',
        iconName: 'calculator',
        color: 'blue-500',
        wantedPerms: 'groups',
        groupNames: ['5a'],
        creatorId: teacher,
        titleTranslation: { en: 'Maths 5a', ar: 'رياضيات 5a', fa: 'ریاضی 5a' },
      },
      {
        key: 'art6b',
        title: 'Kunst 6b',
        url: 'https://kunst.example.org/6b',
        target: 'newTab',
        iconName: 'palette',
        color: 'orange-700',
        wantedPerms: 'groups',
        groupNames: ['6b'],
        creatorId: userIds.get('teacher2')!,
        titleTranslation: { en: 'Art 6b', ar: 'فن 6b', fa: 'هنر 6b' },
      },
      {
        key: 'staff',
        title: 'Lehrerzimmer',
        url: 'https://kollegium.example.org/',
        target: 'newTab',
        iconName: 'users',
        color: 'green-900',
        wantedPerms: 'groups',
        groupNames: ['Kollegium'],
        titleTranslation: { en: 'Staff room', ar: 'غرفة المعلمين', fa: 'اتاق معلمان' },
      },
      {
        key: 'notes',
        title: 'Meine Notizen',
        url: 'https://notizen.example.org/',
        target: 'newTab',
        iconName: 'newspaper',
        color: 'yellow-700',
        wantedPerms: 'private',
        creatorId: teacher,
        titleTranslation: { en: 'My notes', ar: 'ملاحظاتي', fa: 'یادداشت‌های من' },
      },
      // not on any layout: edit mode lists them as unused (spec 5)
      {
        key: 'physics5a',
        title: 'Physik 5a',
        url: 'https://physik.example.org/5a',
        target: 'newTab',
        iconName: 'atom',
        color: 'purple-700',
        wantedPerms: 'groups',
        groupNames: ['5a'],
        creatorId: teacher,
        titleTranslation: { en: 'Physics 5a' },
      },
      {
        key: 'vocab',
        title: 'Vokabeltrainer',
        url: 'https://vokabeln.example.org/',
        target: 'newTab',
        iconName: 'languages',
        color: 'green-300',
        wantedPerms: 'private',
        creatorId: userIds.get('student')!,
        titleTranslation: { en: 'Vocabulary trainer' },
      },
      {
        key: 'canteen',
        title: 'Mensa-Anmeldung',
        url: 'https://mensa.example.org/',
        target: 'newTab',
        iconName: 'utensils',
        color: 'orange-300',
        titleTranslation: { en: 'Canteen sign-up' },
      },
      // the built-in apps of issue 20: a sick-notice tile opens the sick dialog, a camera tile the camera
      {
        key: 'sick',
        title: 'Krankmeldung',
        url: null,
        type: 'sick-notice',
        target: 'iframe',
        iconName: 'heart-pulse',
        color: 'red-700',
        titleTranslation: { en: 'Report sick', ar: 'الإبلاغ عن مرض', fa: 'اعلام بیماری' },
      },
      {
        key: 'camera',
        title: 'Kamera',
        url: null,
        type: 'camera',
        target: 'iframe',
        iconName: 'camera',
        color: 'sky-700',
        titleTranslation: { en: 'Camera', ar: 'الكاميرا', fa: 'دوربین' },
      },
      // issue 21: a video-conference tile opens the room chooser
      {
        key: 'video',
        title: 'Videokonferenz',
        url: null,
        type: 'video-conference',
        target: 'iframe',
        iconName: 'video',
        color: 'purple-700',
        titleTranslation: { en: 'Video conference', ar: 'مؤتمر فيديو', fa: 'ویدیوکنفرانس' },
      },
      // issue 22: the built-in chat
      {
        key: 'chat',
        title: 'Chat',
        url: null,
        type: 'chat',
        target: 'iframe',
        iconName: 'message-circle',
        color: 'green-700',
        titleTranslation: { en: 'Chat', ar: 'الدردشة', fa: 'گفتگو' },
      },
      {
        key: 'news',
        title: 'Schülerzeitung',
        url: 'https://zeitung.example.org/',
        target: 'iframe',
        iconName: 'newspaper',
        color: 'pink-500',
        titleTranslation: { en: 'School newspaper' },
      },
    ];

    const appIds = new Map<string, number>();
    for (const { key, groupNames, ...values } of demoApps) {
      const [row] = await tx
        .insert(apps)
        .values({ schoolId, creatorId: admin, ...values })
        .returning({ id: apps.id });
      appIds.set(key, row!.id);
      for (const name of groupNames ?? []) {
        await tx.insert(appGroups).values({ schoolId, appId: row!.id, groupId: groupIds.get(name)! });
      }
    }
    const ids = (keys: string[]) => keys.map((k) => appIds.get(k)!);
    await insertLayout(txDb, {
      schoolId,
      category: 'logged-out',
      ownerId: null,
      appIds: ids(['website', 'plan', 'menu']),
    });
    await insertLayout(txDb, {
      schoolId,
      category: 'logged-in',
      ownerId: null,
      appIds: ids([
        'classbook',
        'timetable',
        'mail',
        'lms',
        'math5a',
        'art6b',
        'staff',
        'library',
        'plan',
        'letter',
        'website',
        'sick',
        'camera',
        'video',
        'chat',
      ]),
    });
    await insertLayout(txDb, {
      schoolId,
      category: 'personal',
      ownerId: teacher,
      appIds: ids(['notes', 'classbook', 'math5a', 'staff', 'mail']),
    });
    await upsertConfigValue(txDb, schoolId, 'login_msg', 'Willkommen an der Demo-Schule!');
    await seedDemoSickNotices(txDb, schoolId, userIds);
    await seedDemoRooms(txDb, schoolId, userIds, groupIds);
    await seedDemoChat(txDb, schoolId, userIds, groupIds);
    return { schoolId, credentials };
  });
}
