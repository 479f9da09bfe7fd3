import { useEffect, useState, type ComponentType } from 'react';
import { Outlet } from '@tanstack/react-router';
import { FooterScope, SiteFooter } from '@/components/site-footer';
import { useSelf } from '@/lib/session';
import { TopBar } from './top-bar';
import { useRequiredDialogs } from './use-required-dialogs';

/**
 * The impersonation banner (spec 4.3), whose code comes only while a superadmin impersonates: nobody else
 * carries it on the first paint (decision 069). It is asked for as soon as the user info says so, and again
 * with the next user info should that load fail (offline before it came).
 */
function ImpersonationBannerSlot() {
  const self = useSelf();
  const impersonating = !!self?.impersonator;
  const [Banner, setBanner] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!impersonating || Banner) return;
    let live = true;
    import('@/features/impersonation/components/impersonation-banner').then(
      (module) => live && setBanner(() => module.ImpersonationBanner),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [impersonating, Banner, self]);
  return impersonating && Banner ? <Banner /> : null;
}

export function AppShell() {
  useRequiredDialogs();
  return (
    <div className="flex min-h-dvh flex-col">
      {/* the banner sticks with the top bar, below its controls, on every page of the shell */}
      <div className="sticky top-0 z-40">
        <TopBar />
        <ImpersonationBannerSlot />
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
