import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady, loadAllStrings } from '@/lib/i18n';
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

// The rest of the language, for lazy screens and dialogs, once the first screen is painted (decision 048).
requestAnimationFrame(() => setTimeout(() => void loadAllStrings().catch(() => {})));
