import { describe, expect, it } from 'vitest';
import { appTypeChoices, OFFERED_APP_TYPES } from './offered-app-types';

describe('"Create app" offers only types whose apps work (issue 19 item 4)', () => {
  it('offers the camera, the sick notice, the video conference and the chat, whose apps are built, and no type that still opens "coming soon" (canary: remote desktop)', () => {
    expect(OFFERED_APP_TYPES).toEqual(['camera', 'sick-notice', 'video-conference', 'chat']);
    expect(appTypeChoices(null)).toEqual(['camera', 'sick-notice', 'video-conference', 'chat']);
    expect(appTypeChoices(null)).not.toContain('remote-desktop');
  });

  it('an existing tile keeps its type as a choice, so saving it does not drop the type', () => {
    expect(appTypeChoices('remote-desktop')).toEqual([
      'camera',
      'sick-notice',
      'video-conference',
      'chat',
      'remote-desktop',
    ]);
    expect(appTypeChoices('camera')).toEqual(['camera', 'sick-notice', 'video-conference', 'chat']);
  });
});
