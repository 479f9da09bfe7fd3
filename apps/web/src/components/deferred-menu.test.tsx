import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { deferredMenu, type DeferredMenuProps } from './deferred-menu';

afterEach(cleanup);

/** A chunk load the test finishes: as the network would, later. */
function chunk() {
  let finish: (ok: boolean) => void = () => undefined;
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<typeof Menu>((resolve, reject) => {
      finish = (ok) => (ok ? resolve(Menu) : reject(new Error('chunk failed')));
    });
  };
  return { load, finish: (ok: boolean) => act(async () => finish(ok)), calls: () => calls };
}

function Trigger(props: ComponentProps<'button'>) {
  return (
    <button type="button" aria-haspopup="menu" {...props}>
      Menu
    </button>
  );
}

function Menu({ initiallyOpen }: DeferredMenuProps) {
  return (
    <>
      <Trigger data-real="" />
      {initiallyOpen && <div role="menu">open</div>}
    </>
  );
}

describe('deferredMenu (decision 050)', () => {
  it('shows the closed trigger at once; pressed before its code is here, the menu opens as it arrives', async () => {
    const { load, finish, calls } = chunk();
    const Deferred = deferredMenu(load, Trigger);
    render(<Deferred />);
    const placeholder = screen.getByRole('button', { name: 'Menu' });
    expect(placeholder.hasAttribute('data-real')).toBe(false);
    placeholder.focus();
    fireEvent.pointerDown(placeholder, { button: 0 });
    expect(calls()).toBe(1);
    expect(screen.queryByRole('menu')).toBeNull();
    await finish(true);
    expect(screen.getByRole('menu').textContent).toBe('open');
    const real = screen.getByRole('button', { name: 'Menu' });
    expect(real.hasAttribute('data-real')).toBe(true);
    // the focus did not fall to the page when the placeholder left it
    expect(document.activeElement).toBe(real);
  });

  it('opens by keyboard: Enter, Space and ArrowDown press the trigger; other keys do not', async () => {
    for (const key of ['Enter', ' ', 'ArrowDown']) {
      const { load, finish } = chunk();
      const Deferred = deferredMenu(load, Trigger);
      render(<Deferred />);
      fireEvent.keyDown(screen.getByRole('button'), { key: 'Tab' });
      fireEvent.keyDown(screen.getByRole('button'), { key });
      await finish(true);
      expect(screen.getByRole('menu'), key).toBeTruthy();
      cleanup();
    }
  });

  it('a right click or ctrl-click does not open it, nor the click that follows', async () => {
    const { load, calls } = chunk();
    const Deferred = deferredMenu(load, Trigger);
    render(<Deferred />);
    fireEvent.pointerDown(screen.getByRole('button'), { button: 2 });
    fireEvent.pointerDown(screen.getByRole('button'), { button: 0, ctrlKey: true });
    fireEvent.click(screen.getByRole('button'), { button: 0, ctrlKey: true, detail: 1 });
    expect(calls()).toBe(0);
  });

  it('a press taken back before the code came opens nothing: Escape, a press elsewhere, the focus elsewhere', async () => {
    const takeBack = [
      () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' }),
      () => fireEvent.pointerDown(screen.getByRole('textbox')),
      () => screen.getByRole('textbox').focus(),
    ];
    for (const undo of takeBack) {
      const { load, finish } = chunk();
      const Deferred = deferredMenu(load, Trigger);
      render(
        <>
          <Deferred />
          <input aria-label="elsewhere" />
        </>,
      );
      const trigger = screen.getByRole('button');
      trigger.focus();
      fireEvent.keyDown(trigger, { key: 'Enter' });
      act(() => undo());
      await finish(true);
      expect(screen.getByRole('button').hasAttribute('data-real'), String(undo)).toBe(true);
      expect(screen.queryByRole('menu'), String(undo)).toBeNull();
      cleanup();
    }
  });

  it('a failed load leaves the trigger working: the next press loads again (canary)', async () => {
    const { load, finish, calls } = chunk();
    const Deferred = deferredMenu(load, Trigger);
    render(<Deferred />);
    fireEvent.click(screen.getByRole('button'));
    await finish(false);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button').hasAttribute('data-real')).toBe(false);
    fireEvent.click(screen.getByRole('button'));
    expect(calls()).toBe(2);
    await finish(true);
    expect(screen.getByRole('menu')).toBeTruthy();
  });

  it('loaded without a press, the menu starts closed', async () => {
    const { load, finish } = chunk();
    const Deferred = deferredMenu(load, Trigger);
    render(<Deferred />);
    fireEvent.pointerDown(screen.getByRole('button'), { button: 0 });
    await finish(true);
    cleanup();
    // a second page view: the code is here, the trigger is the real one, nothing opens by itself
    render(<Deferred />);
    expect(screen.getByRole('button').hasAttribute('data-real')).toBe(true);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
