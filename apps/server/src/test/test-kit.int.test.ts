// The test kit: the typed request helper (what it refuses is the point, so each refusal is a case here), and
// the factories of the areas, each made thing seen through the API as its users see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CameraGallerySchema,
  ChatRoomListSchema,
  HealthSchema,
  PushTestResponseSchema,
  RoomListSchema,
  SickListSchema,
} from '@aula/contracts';
import {
  makeCameraPicture,
  makeChatRoom,
  makePushDevice,
  makeSickNotice,
  makeVideoRoom,
} from './area-factories.ts';
import { makeSetting, makeUser } from './factories.ts';
import { startPushService, type PushServiceStandIn } from './push-service.ts';
import { callAs, setUpTestApp } from './test-app.ts';

let push: PushServiceStandIn;
const t = setUpTestApp(async () => {
  push = await startPushService();
  return { now: '2026-11-24T08:00:00Z', push: push.appOptions };
});
afterAll(() => push?.close());

beforeAll(async () => {
  await makeSetting(t, 'enabled_features', 'chat,bbb,sick,camera,push');
  await makeSetting(t, 'enable_sick_photo', 'true');
});

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

describe('the factories of the areas', () => {
  it('a video room is in its owner’s list of rooms', async () => {
    const cookie = await t.loginAs('teacher');
    const room = await makeVideoRoom(t, cookie);
    const list = await callAs(RoomListSchema, t.base, '/api/bbb', { cookie });
    expect(list.body.items.map((r) => r.id)).toContain(room.id);
  });

  it('a chat room is in the rooms of its owner and of the member added', async () => {
    const teacher = await makeUser(t, { role: 'teacher', groups: ['5a'] });
    const pupil = await makeUser(t, { groups: ['5a'] });
    const room = await makeChatRoom(t, await teacher.login(), { userIds: [pupil.id] });
    for (const who of [teacher, pupil]) {
      const list = await callAs(ChatRoomListSchema, t.base, '/api/matrix/rooms', {
        cookie: await who.login(),
      });
      expect(list.body.items.map((r) => r.id)).toContain(room.id);
    }
  });

  it('a sick notice, with a photo, is in its reporter’s list', async () => {
    const cookie = await t.loginAs('student');
    const notice = await makeSickNotice(t, cookie, { begin: '2026-11-24', end: '2026-11-24' }, true);
    expect(notice.hasPhoto).toBe(true);
    const list = await callAs(SickListSchema, t.base, '/api/sick', { cookie });
    expect(list.body.items.map((n) => n.id)).toContain(notice.id);
  });

  it('a camera picture is in the gallery of the person photographed', async () => {
    const cookie = await t.loginAs('teacher');
    const picture = await makeCameraPicture(t, cookie, 'demo-student');
    const gallery = await callAs(CameraGallerySchema, t.base, '/api/camera/demo-student', { cookie });
    expect(gallery.body.pictures.map((p) => p.id)).toContain(picture.id);
  });

  it('a push device receives the test push of its user', async () => {
    const cookie = await (await makeUser(t)).login();
    const device = await makePushDevice(t, cookie, push);
    const sent = await callAs(PushTestResponseSchema, t.base, '/api/users/firebase/test', {
      cookie,
      method: 'POST',
    });
    expect(sent.body.devices).toBe(1);
    await t.app.push.drain();
    expect(push.received(device.endpoint)).toHaveLength(1);
  });
});
