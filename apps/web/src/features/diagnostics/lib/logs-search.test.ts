import { describe, expect, it } from 'vitest';
import { LogsQuerySchema } from '@aula/contracts';
import { logsAddress, logsFilter, validateLogsSearch } from './logs-search';

describe('the logs tab address (spec 2.3: the audit log filters survive a reload and Back)', () => {
  it('keeps the filters of a well-formed address', () => {
    expect(
      validateLogsSearch({
        action: 'login.failed',
        actor: ' anna ',
        from: '2026-01-01',
        to: '2026-01-31',
        page: 2,
      }),
    ).toEqual({ action: 'login.failed', actor: 'anna', from: '2026-01-01', to: '2026-01-31', page: 2 });
    // a numeric name arrives as a number from the parsed address
    expect(validateLogsSearch({ actor: 1234, page: '3' })).toMatchObject({ actor: '1234', page: 3 });
  });

  it('drops what makes no sense and still opens the tab (decision 049)', () => {
    // canary: each of these must be refused
    expect(
      validateLogsSearch({
        action: 'drop table',
        actor: '   ',
        from: '1.1.2026',
        to: { day: 1 },
        page: 0,
        id: 9,
      }),
    ).toEqual({ action: undefined, actor: undefined, from: undefined, to: undefined, page: undefined });
    expect(validateLogsSearch({ actor: 'x'.repeat(150), page: -2 })).toMatchObject({
      actor: 'x'.repeat(100),
      page: undefined,
    });
  });

  it('gives the server a query it accepts, with empty strings for no filter as before', () => {
    const filter = logsFilter(validateLogsSearch({ action: 'logout', from: '2026-02-01' }));
    expect(filter).toEqual({ action: 'logout', actor: '', from: '2026-02-01', to: '' });
    // the fetcher leaves out the empty ones, as it did before
    const sent = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));
    expect(LogsQuerySchema.safeParse({ ...sent, page: 1, perPage: 25 }).success).toBe(true);
  });

  it('writes only the filters set, and starts again at page 1', () => {
    expect(logsAddress({ action: '', actor: '  Sara ', from: '', to: '2026-03-01' })).toEqual({
      action: undefined,
      actor: 'Sara',
      from: undefined,
      to: '2026-03-01',
      page: undefined,
    });
  });
});
