import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { Composer } from './composer';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(cleanup);
afterAll(() => i18n.changeLanguage('de'));

function setup(editLast = () => false) {
  const onSend = vi.fn();
  const onEditLast = vi.fn(editLast);
  render(<Composer roomName="5a" canUpload onSend={onSend} onEditLast={onEditLast} onAttach={() => {}} />);
  const field = screen.getByRole('textbox', { name: 'Message to 5a' }) as HTMLTextAreaElement;
  return { field, onSend, onEditLast };
}

describe('Composer', () => {
  it('Enter sends the trimmed text and empties the field; Shift+Enter does not send', () => {
    const { field, onSend } = setup();
    fireEvent.change(field, { target: { value: 'line one\nline two ' } });
    fireEvent.keyDown(field, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('line one\nline two');
    expect(field.value).toBe('');
  });

  it('sends nothing for blank text, and nothing while an input method composes', () => {
    const { field, onSend } = setup();
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.change(field, { target: { value: 'かな' } });
    fireEvent.keyDown(field, { key: 'Enter', isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(field.value).toBe('かな');
  });

  it('refuses a message over the limit at the field and keeps the text', () => {
    const { field, onSend } = setup();
    const long = 'x'.repeat(4001);
    fireEvent.change(field, { target: { value: long } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('at most 4000');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toBe(long);
  });

  it('arrow up edits the last message only in an empty field', () => {
    const { field, onEditLast } = setup(() => true);
    fireEvent.change(field, { target: { value: 'draft' } });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(onEditLast).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(onEditLast).toHaveBeenCalledOnce();
  });
});
