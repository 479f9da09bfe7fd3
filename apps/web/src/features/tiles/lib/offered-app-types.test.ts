import { describe, expect, it } from 'vitest';
import { appTypeChoices, OFFERED_APP_TYPES } from './offered-app-types';

describe('"Create app" offers only types whose apps work (issue 19 item 4)', () => {
  it('offers the built types only (canary: chat, still "coming soon", is not offered)', () => {
    expect(OFFERED_APP_TYPES).toContain('sick-notice');
    expect(appTypeChoices(null)).not.toContain('chat');
  });

  it('an existing tile keeps its type as a choice, so saving it does not drop the type', () => {
    expect(appTypeChoices('remote-desktop')).toEqual([...OFFERED_APP_TYPES, 'remote-desktop']);
  });
});
