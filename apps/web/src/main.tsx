import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { i18nReady, loadAllStrings } from '@/lib/i18n';
import { whenIdle } from '@/lib/idle';
import { initTheme } from '@/lib/theme';
import { AppProviders, prepareApp, resolveFirstRoute } from '@/app/providers';
import './index.css';

// The page's CSP nonce (decision 080), from the meta element the build adds: the <style> elements radix's dialogs
// add to hold the page's scroll position need it. Vite's preloads read it there themselves.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) setNonce(nonce);
initTheme();
// The first render waits for the active language's start-up strings, so no raw key ever shows.
await Promise.all([i18nReady, prepareApp()]);
// The first page's route is resolved before React renders, so the first render is the whole first screen
// (in the transition below), not a shell that a router update renders again in one long task.
await resolveFirstRoute();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition renders the first screen in slices of a few milliseconds with the browser's turn between
// them, not as one long task that holds a phone's input and paint (issue 34).
const app = createRoot(root);
startTransition(() =>
  app.render(
    <StrictMode>
      <AppProviders />
    </StrictMode>,
  ),
);

// The rest of the language, for lazy screens and dialogs, once the first screen is painted (decisions 048,
// 049); a screen that needs it sooner asks for it itself.
whenIdle('strings', loadAllStrings).catch(() => {});
