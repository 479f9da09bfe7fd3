import { useEffect } from 'react';
import { PRODUCT_NAME } from '@aula/contracts';
import { configText, useConfig } from '@/lib/config';

/** The school's name where the product name stood (issue 19 item 5, decision 059); Aula when none is set. */
export function useSchoolName(): string {
  return configText(useConfig(), 'school_name').trim() || PRODUCT_NAME;
}

/** The accent colour becomes the primary colour (index.css `[data-accent]`); the server checked its contrast. */
export function useSchoolAccent(): void {
  const accent = configText(useConfig(), 'accent_color');
  useEffect(() => {
    const root = document.documentElement;
    if (!/^#[0-9a-f]{6}$/i.test(accent)) return;
    root.style.setProperty('--school-accent', accent);
    root.dataset.accent = '';
    return () => {
      root.style.removeProperty('--school-accent');
      delete root.dataset.accent;
    };
  }, [accent]);
}
