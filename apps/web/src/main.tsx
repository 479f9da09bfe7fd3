import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady, loadAllStrings } from '@/lib/i18n';
import { afterFirstPaint } from '@/lib/idle';
import { initTheme } from '@/lib/theme';
import { AppProviders, prepareApp } from '@/app/providers';
import './index.css';

initTheme();
// The first render waits for the active language's start-up strings, so no raw key ever shows.
await Promise.all([i18nReady, prepareApp()]);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);

// The rest of the language, for lazy screens and dialogs, once the first screen is painted (decisions 048,
// 049); a screen that needs it sooner asks for it itself.
void afterFirstPaint().then(() => loadAllStrings().catch(() => {}));
