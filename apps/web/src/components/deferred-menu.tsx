import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '@/lib/idle';
import { notify } from '@/lib/notify';

export interface DeferredMenuProps {
  /** The trigger was pressed before the menu's code was here: the menu opens as it arrives. */
  initiallyOpen: boolean;
}

/**
 * A menu or popover whose code the first paint does not need (decision 050): Radix's menu, popover and
 * floating-ui weigh about 30 KB compressed, more than the start page's own code. Until the code is here,
 * `Placeholder` shows the closed trigger as a plain button that looks the same; the code loads once the page
 * has painted and is idle, or at once when the trigger is pressed. Pressed early (pointer, Enter, Space,
 * ArrowDown or a click by assistive technology), the menu opens as soon as it arrives, and the trigger keeps
 * the focus across the swap.
 */
export function deferredMenu<P extends object>(
  load: () => Promise<ComponentType<P & DeferredMenuProps>>,
  Placeholder: ComponentType<P>,
): ComponentType<P> {
  let Loaded: ComponentType<P & DeferredMenuProps> | undefined;
  let loading: Promise<void> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  function start(): Promise<void> {
    loading ??= load().then(
      (component) => {
        Loaded = component;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        loading = undefined; // the next press tries again
        throw error;
      },
    );
    return loading;
  }
  let scheduled = false;

  return function DeferredMenu(props: P) {
    const { t } = useTranslation();
    const Menu = useSyncExternalStore(subscribe, () => Loaded);
    const [pressed, setPressed] = useState(false);
    const box = useRef<HTMLDivElement>(null);
    const swapped = useRef(!!Menu);
    const hadFocus = useRef(false);

    useEffect(() => {
      if (scheduled) return;
      scheduled = true;
      whenIdle('menus', start).catch(() => undefined);
    }, []);

    // a press taken back before the code came (Escape, a press or the focus elsewhere) opens nothing
    useEffect(() => {
      if (!pressed || Menu) return;
      const outside = (event: Event) =>
        event.target instanceof Node && !box.current?.contains(event.target) && setPressed(false);
      const escape = (event: KeyboardEvent) => event.key === 'Escape' && setPressed(false);
      document.addEventListener('pointerdown', outside, true);
      document.addEventListener('focusin', outside, true);
      document.addEventListener('keydown', escape, true);
      return () => {
        document.removeEventListener('pointerdown', outside, true);
        document.removeEventListener('focusin', outside, true);
        document.removeEventListener('keydown', escape, true);
      };
    }, [pressed, Menu]);

    function press() {
      if (pressed) return;
      setPressed(true);
      start().catch(() => {
        setPressed(false);
        notify({ type: 'error', title: t('errors.network') });
      });
    }

    // the placeholder's button leaves the page with the swap: its focus goes to the real trigger
    if (Menu && !swapped.current) {
      swapped.current = true;
      hadFocus.current = !!box.current?.contains(document.activeElement);
    }
    useLayoutEffect(() => {
      if (Menu && hadFocus.current && document.activeElement === document.body) {
        hadFocus.current = false;
        box.current?.querySelector<HTMLElement>('button, a')?.focus();
      }
    }, [Menu]);

    return (
      <div
        ref={box}
        className="contents"
        {...(!Menu && {
          onPointerDownCapture: (event: PointerEvent) => {
            if (event.button === 0 && !event.ctrlKey) press();
          },
          onKeyDownCapture: (event: ReactKeyboardEvent) => {
            if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
            event.preventDefault();
            press();
          },
          // assistive technology clicks without a pointer or key (detail 0); a pointer's click came with its press
          onClickCapture: (event: MouseEvent) => {
            if (event.detail === 0) press();
          },
        })}
      >
        {Menu ? <Menu {...props} initiallyOpen={pressed} /> : <Placeholder {...props} />}
      </div>
    );
  };
}
