import { describe, expect, it } from 'vitest';
import { normalizeSettingValue } from '@aula/contracts';
import { fromEditorValue, toEditorValue } from './settings-values';

describe('settings editor values', () => {
  it('shows hosts one per line and stores them comma-separated', () => {
    expect(toEditorValue('embed_allowed_hosts', 'a.test,b.test')).toBe('a.test\nb.test');
    expect(fromEditorValue('embed_allowed_hosts', ' a.test\n\nB.test \n')).toBe('a.test,b.test');
    expect(fromEditorValue('password_length', '12')).toBe('12');
  });

  it('normalizeSettingValue checks type and range', () => {
    expect(normalizeSettingValue('password_length', '8')).toBe('8');
    expect(normalizeSettingValue('password_length', '7')).toBeNull();
    expect(normalizeSettingValue('allow_no_login', 'TRUE')).toBeNull();
    expect(normalizeSettingValue('enabled_features', 'push,chat')).toBe('chat,push');
    expect(normalizeSettingValue('embed_allowed_hosts', 'x_y.test')).toBeNull();
  });
});
