import { describe, expect, it } from 'vitest';
import { deviceId } from './device-id';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('deviceId (spec 3.6: 9 random characters)', () => {
  it('makes 9 letters or digits and keeps them', () => {
    const storage = memoryStorage();
    const id = deviceId(storage);
    expect(id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(deviceId(storage)).toBe(id);
  });
  it('differs between browsers and replaces a malformed stored value', () => {
    expect(deviceId(memoryStorage())).not.toBe(deviceId(memoryStorage()));
    const storage = memoryStorage();
    storage.setItem('aula.device', 'x');
    expect(deviceId(storage)).toMatch(/^[A-Za-z0-9]{9}$/);
  });
});
