// The typed request helper of the test kit: what it refuses is the point, so each refusal is a case here.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HealthSchema } from '@aula/contracts';
import { callAs, setUpTestApp } from './test-app.ts';

const t = setUpTestApp();

describe('callAs', () => {
  it('gives the body typed by the contract’s schema', async () => {
    const res = await callAs(HealthSchema, t.base, '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it('fails on a body outside the schema (canary: a schema the answer does not meet)', async () => {
    const wrong = z.strictObject({ status: z.literal('down') });
    await expect(callAs(wrong, t.base, '/api/health')).rejects.toThrow(/outside its schema/);
  });

  it('fails on an answer that is not 2xx', async () => {
    await expect(callAs(HealthSchema, t.base, '/api/does-not-exist')).rejects.toThrow(/got 404/);
  });
});
