// Factories for the things of the areas (issue 33, item 8): video rooms, chat rooms, sick notices, camera
// pictures and push devices. Unlike the factories of people and tiles (factories.ts), these go through real
// HTTP as the signed-in user, because each thing carries rules (who may create it, the feature switch, the
// quota, the photo's checks, the device bound to its session) that a raw insert would skip. Each answers the
// body the contract describes (callAs), and fails the test with what came back on anything else.
import {
  CameraPictureSchema,
  ChatRoomDetailsSchema,
  PushConfigResponseSchema,
  RoomDetailsSchema,
  SickNoticeSchema,
  type ChatRoomInput,
  type RoomInput,
} from '@aula/contracts';
import { multipart } from './multipart.ts';
import { phonePhoto } from './photos.ts';
import type { PushServiceStandIn, StandInSubscription } from './push-service.ts';
import { call, callAs, type TestApp } from './test-app.ts';
import { uniqueName } from './factories.ts';

/** What these factories need of a test app: its address. */
type Target = Pick<TestApp, 'base'>;

/** A video room (bbb) of `cookie`'s user, named uniquely unless told: POST /api/bbb. */
export async function makeVideoRoom(t: Target, cookie: string, input: Partial<RoomInput> = {}) {
  const body = { name: uniqueName('Raum '), ...input };
  return (await callAs(RoomDetailsSchema, t.base, '/api/bbb', { cookie, body })).body;
}

/** A group chat room of `cookie`'s user, named uniquely unless told: POST /api/matrix/room. */
export async function makeChatRoom(t: Target, cookie: string, input: Partial<ChatRoomInput> = {}) {
  const body = { name: uniqueName('Raum '), ...input };
  return (await callAs(ChatRoomDetailsSchema, t.base, '/api/matrix/room', { cookie, body })).body;
}

/**
 * A sick notice reported by `cookie`'s user (a pupil, or a parent with `student` in the fields): POST
 * /api/sick with the form fields given (begin and end are required by the form), and a phone photo when
 * `photo` is given (true: a fresh one).
 */
export async function makeSickNotice(
  t: Target,
  cookie: string,
  fields: Record<string, string>,
  photo?: Buffer | true,
) {
  const data = photo === true ? await phonePhoto() : photo;
  const form = multipart(fields, data ? { photo: { data, name: 'IMG_0001.jpg', type: 'image/jpeg' } } : {});
  return (await callAs(SickNoticeSchema, t.base, '/api/sick', { cookie, form })).body;
}

/** A camera picture of the person `laraId`, taken by `cookie`'s user: POST /api/camera/:laraId. */
export async function makeCameraPicture(t: Target, cookie: string, laraId: string, photo?: Buffer) {
  const data = photo ?? (await phonePhoto());
  const form = multipart({}, { photo: { data, name: 'IMG_0001.jpg', type: 'image/jpeg' } });
  const path = `/api/camera/${encodeURIComponent(laraId)}`;
  return (await callAs(CameraPictureSchema, t.base, path, { cookie, form })).body;
}

/**
 * A push device of `cookie`'s session, as a browser makes one: the school's public key from
 * /api/config/firebase, a subscription at the stand-in push service, stored with POST /api/users/firebase.
 */
export async function makePushDevice(
  t: Target,
  cookie: string,
  service: Pick<PushServiceStandIn, 'subscribe'>,
): Promise<StandInSubscription> {
  const config = await callAs(PushConfigResponseSchema, t.base, '/api/config/firebase', { cookie });
  if (config.body.vapidKey === null) throw new Error(`GET /api/config/firebase: push is off ${config.text}`);
  const token = service.subscribe(config.body.vapidKey);
  const res = await call(t.base, '/api/users/firebase', { cookie, body: { token } });
  if (res.status !== 204) throw new Error(`POST /api/users/firebase: got ${res.status} ${res.text}`);
  return token;
}
