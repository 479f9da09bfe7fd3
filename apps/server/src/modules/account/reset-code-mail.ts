import { PRODUCT_NAME } from '@aula/contracts';

type MailLang = 'de' | 'en' | 'fa' | 'ar';

interface ResetMailValues {
  firstName: string;
  username: string;
  /** shown as ABCD-EFGH; the form ignores the dash */
  code: string;
  minutes: number;
}

// Server-side mail texts in the four languages (spec 5 "Locale"); the web locales hold no mail text.
const TEXTS: Record<MailLang, { subject: string; body: (v: ResetMailValues) => string }> = {
  de: {
    subject: `${PRODUCT_NAME}: Dein Code zum Zurücksetzen des Passworts`,
    body: (v) =>
      `Hallo ${v.firstName},\n\nmit diesem Code kannst du das Passwort für das Konto „${v.username}“ neu setzen:\n\n    ${v.code}\n\n` +
      `Der Code gilt ${v.minutes} Minuten und nur einmal. Wenn du ihn nicht angefordert hast, ignoriere diese Nachricht; dein Passwort bleibt dann, wie es ist.\n\n${PRODUCT_NAME}`,
  },
  en: {
    subject: `${PRODUCT_NAME}: your password reset code`,
    body: (v) =>
      `Hello ${v.firstName},\n\nuse this code to set a new password for the account “${v.username}”:\n\n    ${v.code}\n\n` +
      `The code is valid for ${v.minutes} minutes and only once. If you did not ask for it, ignore this message; your password stays as it is.\n\n${PRODUCT_NAME}`,
  },
  fa: {
    subject: `${PRODUCT_NAME}: کد بازنشانی رمز عبور شما`,
    body: (v) =>
      `سلام ${v.firstName}،\n\nبا این کد می‌توانید رمز عبور حساب «${v.username}» را از نو تعیین کنید:\n\n    ${v.code}\n\n` +
      `این کد ${v.minutes} دقیقه و فقط یک بار معتبر است. اگر آن را درخواست نکرده‌اید، این پیام را نادیده بگیرید؛ رمز عبور شما تغییری نمی‌کند.\n\n${PRODUCT_NAME}`,
  },
  ar: {
    subject: `${PRODUCT_NAME}: رمز إعادة تعيين كلمة المرور`,
    body: (v) =>
      `مرحبًا ${v.firstName}،\n\nاستخدم هذا الرمز لتعيين كلمة مرور جديدة للحساب «${v.username}»:\n\n    ${v.code}\n\n` +
      `الرمز صالح لمدة ${v.minutes} دقائق ولمرة واحدة فقط. إذا لم تطلبه، فتجاهل هذه الرسالة؛ ستبقى كلمة مرورك كما هي.\n\n${PRODUCT_NAME}`,
  },
};

/** The user's language (selected_lang), German when automatic or unknown (the base language). */
export function mailLang(selectedLang: string): MailLang {
  return selectedLang === 'en' || selectedLang === 'fa' || selectedLang === 'ar' ? selectedLang : 'de';
}

export function resetCodeMail(
  selectedLang: string,
  values: ResetMailValues,
): { subject: string; text: string } {
  const t = TEXTS[mailLang(selectedLang)];
  return { subject: t.subject, text: t.body(values) };
}
