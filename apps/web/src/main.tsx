import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@/lib/i18n';
import { initTheme } from '@/lib/theme';
import { AppProviders, prepareApp } from '@/app/providers';
import './index.css';

initTheme();
await prepareApp();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders />
  </StrictMode>,
);
