import { useEffect, useState } from 'react';

/** How the user moves tiles right now, so edit mode shows the one hint that fits (issue 19 item 3). */
export type InputKind = 'touch' | 'mouse' | 'keyboard';

const KEYBOARD_KEYS = new Set(['Tab', ' ', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/** A coarse pointer (a phone or tablet) starts as touch, anything else as mouse; the last input used wins. */
export function useInputKind(): InputKind {
  const [kind, setKind] = useState<InputKind>(() =>
    window.matchMedia('(pointer: coarse)').matches ? 'touch' : 'mouse',
  );
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (KEYBOARD_KEYS.has(event.key)) setKind('keyboard');
    };
    const onPointer = (event: PointerEvent) => setKind(event.pointerType === 'mouse' ? 'mouse' : 'touch');
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onPointer, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onPointer, true);
    };
  }, []);
  return kind;
}
