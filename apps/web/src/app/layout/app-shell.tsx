import { Outlet } from '@tanstack/react-router';
import { ImpersonationBanner } from '@/features/impersonation/components/impersonation-banner';
import { FooterScope, SiteFooter } from '@/components/site-footer';
import { TopBar } from './top-bar';
import { useRequiredDialogs } from './use-required-dialogs';

export function AppShell() {
  useRequiredDialogs();
  return (
    <div className="flex min-h-dvh flex-col">
      {/* the banner sticks with the top bar, below its controls, on every page of the shell */}
      <div className="sticky top-0 z-40">
        <TopBar />
        <ImpersonationBanner />
      </div>
      <main
        id="main"
        tabIndex={-1}
        className="outline-none mx-auto w-full max-w-6xl flex-1 px-3 py-4 desktop:px-6 desktop:py-8"
      >
        <FooterScope>
          <Outlet />
        </FooterScope>
      </main>
      <SiteFooter help={false} />
    </div>
  );
}
