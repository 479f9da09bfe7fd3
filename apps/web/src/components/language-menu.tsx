import { deferredMenu } from '@/components/deferred-menu';
import { LanguageTrigger, type LanguageMenuProps } from '@/components/language-trigger';

/** The four interface languages by their native names (language-menu-content.tsx); its code loads after the first paint. */
export const LanguageMenu = deferredMenu<LanguageMenuProps>(
  () => import('./language-menu-content').then((module) => module.LanguageMenuContent),
  LanguageTrigger,
);
