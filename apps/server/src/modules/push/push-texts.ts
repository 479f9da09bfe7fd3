// What a push says, in the four languages (decision 073; SECURITY.md "Push payloads carry ids, not names or
// message text"): a title and a short text per kind that name no person and quote nothing. Server-side like the
// mail texts (account/reset-code-mail.ts): the push is written when the change happens, not in a browser.
import type { Locale } from '@aula/contracts';
import type { PushPayload } from '@aula/contracts';

export type PushTextKind = PushPayload['kind'];
export interface PushText {
  title: string;
  body: string;
}

export const PUSH_TEXTS: Record<Locale, Record<PushTextKind, PushText>> = {
  de: {
    chat: { title: 'Neue Chat-Nachricht', body: 'Öffne den Chat, um sie zu lesen.' },
    message: { title: 'Neue Mitteilung der Schule', body: 'Es gibt eine neue Mitteilung für dich.' },
    sick: { title: 'Neue Krankmeldung', body: 'In einer deiner Gruppen gibt es eine neue Krankmeldung.' },
    video: {
      title: 'Videoraum gestartet',
      body: 'Einer deiner Videoräume hat begonnen. Du kannst jetzt beitreten.',
    },
    test: {
      title: 'Test-Benachrichtigung',
      body: 'So sehen Benachrichtigungen von Aula auf diesem Gerät aus.',
    },
  },
  en: {
    chat: { title: 'New chat message', body: 'Open the chat to read it.' },
    message: { title: 'New message from your school', body: 'There is a new message for you.' },
    sick: { title: 'New sick notice', body: 'There is a new sick notice in one of your groups.' },
    video: { title: 'Video room started', body: 'One of your video rooms has started. You can join now.' },
    test: { title: 'Test notification', body: 'This is how notifications from Aula look on this device.' },
  },
  fa: {
    chat: { title: 'پیام گفتگوی جدید', body: 'برای خواندن آن، گفتگو را باز کنید.' },
    message: { title: 'پیام جدید از مدرسه', body: 'یک پیام جدید برای شما هست.' },
    sick: { title: 'گواهی بیماری جدید', body: 'در یکی از گروه‌های شما گواهی بیماری جدیدی ثبت شده است.' },
    video: {
      title: 'اتاق ویدیویی شروع شد',
      body: 'یکی از اتاق‌های ویدیویی شما شروع شده است. اکنون می‌توانید وارد شوید.',
    },
    test: { title: 'اعلان آزمایشی', body: 'اعلان‌های Aula روی این دستگاه این‌گونه دیده می‌شوند.' },
  },
  ar: {
    chat: { title: 'رسالة دردشة جديدة', body: 'افتح الدردشة لقراءتها.' },
    message: { title: 'رسالة جديدة من المدرسة', body: 'هناك رسالة جديدة لك.' },
    sick: { title: 'إشعار مرض جديد', body: 'هناك إشعار مرض جديد في إحدى مجموعاتك.' },
    video: { title: 'بدأت غرفة فيديو', body: 'بدأت إحدى غرف الفيديو الخاصة بك. يمكنك الانضمام الآن.' },
    test: { title: 'إشعار تجريبي', body: 'هكذا تظهر إشعارات Aula على هذا الجهاز.' },
  },
};

/** The language a push is written in: the user's (selected_lang), German when automatic or unknown. */
export function pushLang(selectedLang: string): Locale {
  return selectedLang === 'en' || selectedLang === 'fa' || selectedLang === 'ar' ? selectedLang : 'de';
}

export function pushText(kind: PushTextKind, selectedLang: string): PushText {
  return PUSH_TEXTS[pushLang(selectedLang)][kind];
}
