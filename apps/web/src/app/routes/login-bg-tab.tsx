import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextEditor } from '@/features/admin-settings/components/text-editor';
import { LoginBgSections } from '@/features/branding/components/login-bg-tab';
import type { DashboardTabProps } from '@/lib/dashboard';

/** The login-bg tab: how the sign-in page looks (background, logo) and what it says (login_msg). */
export default function LoginBgTab(_props: DashboardTabProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-10">
      <LoginBgSections />
      <section className="grid gap-3" aria-labelledby={`${id}-msg`}>
        <h2 id={`${id}-msg`} className="text-xl font-semibold">
          {t('branding.loginMsgTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('branding.loginMsgIntro')}</p>
        <TextEditor textKey="login_msg" />
      </section>
    </div>
  );
}
