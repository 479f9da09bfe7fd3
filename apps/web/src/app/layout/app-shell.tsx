import { Outlet } from '@tanstack/react-router';
import { TopBar } from './top-bar';

export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar />
      <main
        id="main"
        tabIndex={-1}
        className="outline-none mx-auto w-full max-w-6xl flex-1 px-3 py-4 desktop:px-6 desktop:py-8"
      >
        <Outlet />
      </main>
    </div>
  );
}
