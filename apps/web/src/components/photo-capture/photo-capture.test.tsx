import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { PhotoCapture } from './photo-capture';

// jsdom has no camera API (like a page over plain http): the file picker is the way. The live camera is
// exercised in real Chromium by e2e/camera.spec.ts.
beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);
afterAll(() => i18n.changeLanguage('de'));

const pick = (file: File) =>
  fireEvent.change(screen.getByTestId('photo-file'), { target: { files: [file] } });

describe('PhotoCapture without a camera API', () => {
  it('says so calmly and offers the file picker as the main action', () => {
    render(<PhotoCapture onCapture={() => {}} onCancel={() => {}} />);
    expect(screen.getByRole('status').textContent).toContain('This browser cannot use a camera here.');
    expect(screen.getByRole('button', { name: 'Choose photo from file' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take photo' })).toBeNull();
    const input = screen.getByTestId('photo-file') as HTMLInputElement;
    expect(input.accept).toBe('image/jpeg,image/png,image/webp');
  });

  it('refuses a file that is no photo with a translated error and keeps waiting for one', () => {
    const onCapture = vi.fn();
    render(<PhotoCapture onCapture={onCapture} onCancel={() => {}} />);
    pick(new File(['%PDF'], 'note.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert').textContent).toContain('This file is not a photo.');
    expect(screen.queryByRole('button', { name: 'Use photo' })).toBeNull();
    expect(onCapture).not.toHaveBeenCalled();
  });

  it('shows a chosen photo for review and hands that very file over on "Use photo"', () => {
    URL.createObjectURL ??= () => 'blob:review';
    URL.revokeObjectURL ??= () => {};
    const onCapture = vi.fn();
    render(<PhotoCapture onCapture={onCapture} onCancel={() => {}} />);
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });
    pick(photo);
    expect(screen.getByRole('img', { name: 'The photo you took' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose another photo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use photo' }));
    expect(onCapture).toHaveBeenCalledWith(photo);
  });

  it('tells the caller when the photo under review is put aside for another', () => {
    URL.createObjectURL ??= () => 'blob:review';
    URL.revokeObjectURL ??= () => {};
    const onDiscard = vi.fn();
    render(<PhotoCapture onCapture={() => {}} onCancel={() => {}} onDiscard={onDiscard} />);
    pick(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    pick(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'b.jpg', { type: 'image/jpeg' }));
    expect(onDiscard).toHaveBeenCalledTimes(2);
  });

  it('Cancel calls onCancel', () => {
    const onCancel = vi.fn();
    render(<PhotoCapture onCapture={() => {}} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
