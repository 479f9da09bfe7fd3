import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOT_DATA_ID } from '@aula/contracts';

// decision 051: the answers the start page carried, each taken once
async function freshModule(block?: string) {
  document.body.innerHTML = '';
  if (block !== undefined) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = BOOT_DATA_ID;
    script.textContent = block;
    document.body.append(script);
  }
  vi.resetModules();
  return import('./boot-data');
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('takeBoot', () => {
  it('gives each carried answer once, then leaves the next ask to the API', async () => {
    const { takeBoot } = await freshModule(JSON.stringify({ self: null, config: { login_msg: 'Hallo' } }));
    expect(takeBoot('self')).toEqual({ value: null });
    expect(takeBoot('self')).toBeUndefined();
    expect(takeBoot('config')).toEqual({ value: { login_msg: 'Hallo' } });
    expect(takeBoot('layout')).toBeUndefined();
    // the block is read once and leaves the page
    expect(document.getElementById(BOOT_DATA_ID)).toBeNull();
  });

  it('"no user" (null) is an answer; a missing user is not', async () => {
    const { takeBoot } = await freshModule(JSON.stringify({ config: {} }));
    expect(takeBoot('self')).toBeUndefined();
  });

  it('a page without the block (the service worker copy) or with a broken one carries nothing', async () => {
    for (const block of [undefined, '{not json', '[1,2]', 'null']) {
      const { takeBoot } = await freshModule(block);
      expect(takeBoot('self'), String(block)).toBeUndefined();
      expect(takeBoot('config'), String(block)).toBeUndefined();
    }
  });
});
