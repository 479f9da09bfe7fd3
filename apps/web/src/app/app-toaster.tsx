import { useEffect, type CSSProperties } from 'react';
import { Toaster, toast } from 'sonner';
import { TOAST_DURATION_MS, TOAST_GAP_PX, TOAST_VISIBLE, TOAST_WIDTH_PX } from '@aula/contracts';
import { toasterMounted } from '@/lib/notify';
import { useResolvedTheme } from '@/lib/theme';

/** The toaster, loaded after the first paint (lib/notify.ts, decision 049). */
export default function AppToaster({ dir }: { dir: 'ltr' | 'rtl' }) {
  const theme = useResolvedTheme();
  // Toaster's own effect subscribes first (children's effects run before their parent's).
  useEffect(() => toasterMounted(toast), []);
  return (
    <Toaster
      // spec 9: bottom right; mirrored to the inline end in right-to-left languages.
      position={dir === 'rtl' ? 'bottom-left' : 'bottom-right'}
      dir={dir}
      theme={theme}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOAST_VISIBLE}
      gap={TOAST_GAP_PX}
      style={{ '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties}
      closeButton
    />
  );
}
