// A stand-in BigBlueButton server on loopback, written to BBB's published API
// (https://docs.bigbluebutton.org/development/api) for the video-room tests (decision 067). It checks the
// checksum of every call with its own secret and algorithm, exactly as BBB does (over the raw query string
// without its checksum parameter), so a test that passes proves Aula signs correctly; it refuses anything
// else with messageKey checksumError. Meetings live in memory. `join` with redirect serves a small HTML page
// naming the meeting, the user and their role (or, for a guest of an ASK_MODERATOR meeting, a page saying
// they wait for a moderator's approval) for the end-to-end journeys to read. As BBB does, `end` leaves the
// meeting known as forcibly ended (joins refused) until the next `create` starts a new session, and a join
// with `createTime` is refused unless it names the current session's (mismatchCreateTimeParam).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { BbbChecksumAlgorithm } from '@aula/contracts';
import type { StandIn, StartStandIn } from './stand-in.ts';

export const BBB_API_PATH = '/bigbluebutton/api';
const HEX_LENGTH: Record<BbbChecksumAlgorithm, number> = { sha1: 40, sha256: 64, sha512: 128 };

export interface TestBbbParticipant {
  userID: string;
  fullName: string;
  role: 'MODERATOR' | 'VIEWER';
  guest: boolean;
}

export interface TestBbbMeeting {
  meetingID: string;
  internalMeetingID: string;
  name: string;
  attendeePW: string;
  moderatorPW: string;
  muteOnStart: boolean;
  guestPolicy: string;
  /** 0: no limit */
  maxParticipants: number;
  logoutURL: string;
  meta: Record<string, string>;
  /** when this session was created (ms); strictly increasing, so every session has its own */
  createTime: number;
  /** set by `end`: the session is over, BBB keeps it known until the next create (0: running) */
  endTime: number;
  participants: TestBbbParticipant[];
  /** guests waiting in the lobby of an ASK_MODERATOR meeting */
  waitingGuests: TestBbbParticipant[];
}

/** One call the server received, in order: its name ('' for the API root), parameters and answer. */
export interface TestBbbCall {
  call: string;
  params: Record<string, string>;
  returncode: 'SUCCESS' | 'FAILED';
  messageKey: string | null;
}

export interface TestBbbServer extends StandIn<TestBbbCall> {
  /** the API address an admin enters, e.g. http://127.0.0.1:41234/bigbluebutton/api */
  url: string;
  secret: string;
  algorithm: BbbChecksumAlgorithm;
  meetings: Map<string, TestBbbMeeting>;
  /** every call received, oldest first (the same list as `requests`) */
  calls: TestBbbCall[];
  /** the calls received since `clearCalls` (or the start), by name: e.g. ['getMeetingInfo', 'create'] */
  callNames(): string[];
  clearCalls(): void;
  /** ends a meeting as a moderator does in BBB's own client (`end` without Aula) */
  end(meetingID: string): void;
  /** adds `n` made-up participants to a meeting (it must exist): to fill a room */
  addParticipants(meetingID: string, n: number, role?: 'MODERATOR' | 'VIEWER'): void;
  close(): Promise<void>;
}

export interface TestBbbOptions {
  secret?: string;
  algorithm?: BbbChecksumAlgorithm;
  /** what the API root answers as <version> */
  version?: string;
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

type XmlValue = string | number | boolean | null | XmlValue[] | { [k: string]: XmlValue };

function toXml(name: string, value: XmlValue): string {
  if (value === null) return `<${name}/>`;
  if (Array.isArray(value))
    return `<${name}>${value.map((v) => toXml(name.replace(/s$/, ''), v)).join('')}</${name}>`;
  if (typeof value === 'object')
    return `<${name}>${Object.entries(value)
      .map(([k, v]) => toXml(k, v))
      .join('')}</${name}>`;
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

function response(fields: Record<string, XmlValue>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${toXml('response', fields)}`;
}

const failed = (messageKey: string, message: string) =>
  response({ returncode: 'FAILED', messageKey, message });

/** BBB's own check: the raw query string without its checksum parameter, hashed with the call name and secret. */
function checksumOk(
  call: string,
  rawQuery: string,
  params: URLSearchParams,
  secret: string,
  algorithm: BbbChecksumAlgorithm,
): boolean {
  const sum = params.get('checksum');
  if (!sum) return false;
  const query = rawQuery
    .replace(`&checksum=${sum}`, '')
    .replace(`checksum=${sum}&`, '')
    .replace(`checksum=${sum}`, '');
  if (sum.length !== HEX_LENGTH[algorithm]) return false;
  return (
    createHash(algorithm)
      .update(call + query + secret)
      .digest('hex') === sum.toLowerCase()
  );
}

function meetingInfo(m: TestBbbMeeting): Record<string, XmlValue> {
  const moderators = m.participants.filter((p) => p.role === 'MODERATOR').length;
  return {
    returncode: 'SUCCESS',
    meetingName: m.name,
    meetingID: m.meetingID,
    internalMeetingID: m.internalMeetingID,
    createTime: m.createTime,
    createDate: new Date(m.createTime).toUTCString(),
    voiceBridge: 70000 + (m.createTime % 9999),
    dialNumber: '613-555-1234',
    attendeePW: m.attendeePW,
    moderatorPW: m.moderatorPW,
    running: m.endTime === 0 && m.participants.length > 0,
    duration: 0,
    hasUserJoined: m.participants.length > 0,
    recording: false,
    hasBeenForciblyEnded: m.endTime !== 0,
    startTime: m.createTime,
    endTime: m.endTime,
    participantCount: m.participants.length,
    listenerCount: 0,
    voiceParticipantCount: 0,
    videoCount: 0,
    maxUsers: m.maxParticipants,
    moderatorCount: moderators,
    attendees: m.participants.map((p) => ({
      userID: p.userID,
      fullName: p.fullName,
      role: p.role,
      isPresenter: false,
      isListeningOnly: false,
      hasJoinedVoice: false,
      hasVideo: false,
      clientType: 'HTML5',
    })),
    metadata: m.meta,
    isBreakout: false,
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeXml(title)}</title></head><body>${body}</body></html>`;
}

export async function startBbbServer(opts: TestBbbOptions = {}): Promise<TestBbbServer> {
  const secret = opts.secret ?? 'bbb-test-secret-0123456789abcdef0123456789';
  const algorithm = opts.algorithm ?? 'sha256';
  const meetings = new Map<string, TestBbbMeeting>();
  const calls: TestBbbCall[] = [];
  let since = 0;
  let guestCounter = 0;
  let lastCreateTime = 0;

  function endMeeting(m: TestBbbMeeting) {
    m.endTime = Math.max(Date.now(), m.createTime + 1);
    m.participants = [];
    m.waitingGuests = [];
  }

  function answer(
    res: ServerResponse,
    call: string,
    params: URLSearchParams,
    body: string,
    type = 'text/xml; charset=utf-8',
  ) {
    const returncode = /<returncode>FAILED<\/returncode>/.test(body) ? 'FAILED' : 'SUCCESS';
    calls.push({
      call,
      params: Object.fromEntries([...params].filter(([k]) => k !== 'checksum')),
      returncode,
      messageKey: /<messageKey>([^<]*)<\/messageKey>/.exec(body)?.[1] ?? null,
    });
    res.writeHead(200, { 'content-type': type });
    res.end(body);
  }

  function create(p: URLSearchParams): string {
    const meetingID = p.get('meetingID');
    if (!meetingID) return failed('missingParamMeetingID', 'You must specify a meeting ID for the meeting.');
    if (meetingID.length < 2 || meetingID.length > 256 || meetingID.includes(','))
      return failed(
        'invalidMeetingIdentifier',
        'Meeting id must be between 2 and 256 characters, without commas.',
      );
    const existing = meetings.get(meetingID);
    // an ended session does not block a new one (BBB: getNotEndedMeetingWithId)
    if (existing && existing.endTime === 0)
      return response({
        returncode: 'SUCCESS',
        meetingID,
        internalMeetingID: existing.internalMeetingID,
        attendeePW: existing.attendeePW,
        moderatorPW: existing.moderatorPW,
        createTime: existing.createTime,
        hasUserJoined: existing.participants.length > 0,
        duration: 0,
        hasBeenForciblyEnded: false,
        messageKey: 'duplicateWarning',
        message:
          'This conference was already in existence and may currently be in progress. You should only call this method once per conference.',
      });
    const meta = Object.fromEntries(
      [...p].filter(([k]) => k.startsWith('meta_')).map(([k, v]) => [k.slice(5).toLowerCase(), v]),
    );
    const m: TestBbbMeeting = {
      meetingID,
      internalMeetingID: createHash('sha1').update(meetingID).digest('hex') + `-${Date.now()}`,
      name: p.get('name') ?? meetingID,
      attendeePW: p.get('attendeePW') ?? 'ap',
      moderatorPW: p.get('moderatorPW') ?? 'mp',
      muteOnStart: p.get('muteOnStart') === 'true',
      guestPolicy: p.get('guestPolicy') ?? 'ALWAYS_ACCEPT',
      maxParticipants: Number(p.get('maxParticipants') ?? 0) || 0,
      logoutURL: p.get('logoutURL') ?? '',
      meta,
      createTime: (lastCreateTime = Math.max(Date.now(), lastCreateTime + 1)),
      endTime: 0,
      participants: [],
      waitingGuests: [],
    };
    meetings.set(meetingID, m);
    return response({
      returncode: 'SUCCESS',
      meetingID,
      internalMeetingID: m.internalMeetingID,
      parentMeetingID: 'bbb-none',
      attendeePW: m.attendeePW,
      moderatorPW: m.moderatorPW,
      createTime: m.createTime,
      voiceBridge: 70000 + (m.createTime % 9999),
      dialNumber: '613-555-1234',
      createDate: new Date(m.createTime).toUTCString(),
      hasUserJoined: false,
      duration: 0,
      hasBeenForciblyEnded: false,
      messageKey: null,
      message: null,
    });
  }

  /** join: the XML answer, or (redirect) the page the browser would land on. */
  function join(p: URLSearchParams): { body: string; html: boolean } {
    const xml = (body: string) => ({ body, html: false });
    const meetingID = p.get('meetingID');
    const fullName = p.get('fullName');
    if (!meetingID) return xml(failed('missingParamMeetingID', 'You must specify a meeting ID.'));
    if (!fullName) return xml(failed('missingParamFullName', 'You must specify a name for the attendee.'));
    const m = meetings.get(meetingID);
    if (!m)
      return xml(
        failed(
          'invalidMeetingIdentifier',
          'The meeting ID that you supplied did not match any existing meetings',
        ),
      );
    // BBB's order: first the session (createTime), then whether it has been ended
    const createTime = p.get('createTime');
    if (createTime !== null && Number(createTime) !== m.createTime)
      return xml(
        failed(
          'mismatchCreateTimeParam',
          'The createTime parameter submitted mismatches with the current meeting.',
        ),
      );
    if (m.endTime !== 0)
      return xml(
        failed('meetingForciblyEnded', 'You can not re-join a meeting that has already been forcibly ended.'),
      );
    const rawRole = p.get('role')?.toUpperCase();
    const password = p.get('password');
    let role: 'MODERATOR' | 'VIEWER';
    // BBB 2.4 and later: role wins; older servers know the user's role only from the password
    if (rawRole === 'MODERATOR' || rawRole === 'VIEWER') role = rawRole;
    else if (password === m.moderatorPW) role = 'MODERATOR';
    else if (password === m.attendeePW) role = 'VIEWER';
    else return xml(failed('invalidPassword', 'The password you submitted is not valid.'));
    if (m.maxParticipants > 0 && m.participants.length >= m.maxParticipants)
      return xml(
        failed(
          'maxParticipantsReached',
          'The number of participants allowed for this meeting has been reached.',
        ),
      );
    const guest = p.get('guest') === 'true';
    // BBB: ALWAYS_DENY (and any policy it does not know) refuses guests
    if (guest && m.guestPolicy !== 'ALWAYS_ACCEPT' && m.guestPolicy !== 'ASK_MODERATOR')
      return xml(
        failed(
          'guestDeniedAccess',
          "You have been denied access to this meeting based on the meeting's guest policy",
        ),
      );
    const participant: TestBbbParticipant = {
      userID: p.get('userID') ?? `w_${++guestCounter}`,
      fullName,
      role,
      guest,
    };
    const waits = guest && m.guestPolicy === 'ASK_MODERATOR';
    if (waits) m.waitingGuests.push(participant);
    else m.participants.push(participant);
    if (p.get('redirect') === 'false')
      return xml(
        response({
          returncode: 'SUCCESS',
          messageKey: 'successfullyJoined',
          message: 'You have joined successfully.',
          meeting_id: m.internalMeetingID,
          user_id: participant.userID,
          auth_token: 'token',
          session_token: 'session',
          guestStatus: waits ? 'WAIT' : 'ALLOW',
          url: 'about:blank',
        }),
      );
    const facts =
      `<dl><dt>Meeting</dt><dd data-testid="meeting">${escapeXml(m.name)}</dd>` +
      `<dt>Name</dt><dd data-testid="full-name">${escapeXml(fullName)}</dd>` +
      `<dt>Role</dt><dd data-testid="role">${role}</dd>` +
      `<dt>Guest</dt><dd data-testid="guest">${guest}</dd></dl>`;
    if (waits)
      return {
        body: page(
          `${m.name}: waiting`,
          `<main><h1>Waiting for a moderator's approval</h1><p>${escapeXml(fullName)}, a moderator of ${escapeXml(m.name)} will let you in.</p>${facts}</main>`,
        ),
        html: true,
      };
    return {
      body: page(m.name, `<main><h1>${escapeXml(m.name)}</h1><p>You are in the meeting.</p>${facts}</main>`),
      html: true,
    };
  }

  function handle(call: string, p: URLSearchParams): { body: string; html?: boolean } {
    switch (call) {
      case 'create':
        return { body: create(p) };
      case 'join':
        return join(p);
      case 'getMeetingInfo': {
        const m = meetings.get(p.get('meetingID') ?? '');
        if (!m) return { body: failed('notFound', 'We could not find a meeting with that meeting ID') };
        return { body: response(meetingInfo(m)) };
      }
      case 'isMeetingRunning': {
        const m = meetings.get(p.get('meetingID') ?? '');
        return {
          body: response({
            returncode: 'SUCCESS',
            running: Boolean(m && m.endTime === 0 && m.participants.length > 0),
          }),
        };
      }
      case 'end': {
        const m = meetings.get(p.get('meetingID') ?? '');
        if (!m || m.endTime !== 0)
          return {
            body: failed(
              'notFound',
              'We could not find a meeting with that meeting ID - perhaps the meeting is not yet running?',
            ),
          };
        const password = p.get('password');
        if (password !== null && password !== m.moderatorPW)
          return { body: failed('invalidPassword', 'You must supply the moderator password for this call.') };
        endMeeting(m);
        return {
          body: response({
            returncode: 'SUCCESS',
            messageKey: 'sentEndMeetingRequest',
            message: 'A request to end the meeting was sent.',
          }),
        };
      }
      case 'getMeetings': {
        const all = [...meetings.values()];
        if (all.length === 0)
          return {
            body: response({
              returncode: 'SUCCESS',
              meetings: [],
              messageKey: 'noMeetings',
              message: 'no meetings were found on this server',
            }),
          };
        const listed = all.map((m) =>
          Object.fromEntries(Object.entries(meetingInfo(m)).filter(([k]) => k !== 'returncode')),
        );
        return { body: response({ returncode: 'SUCCESS', meetings: listed }) };
      }
      default:
        return { body: failed('unsupportedRequest', 'This request is not supported.') };
    }
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q >= 0 ? raw.slice(0, q) : raw;
    const rawQuery = q >= 0 ? raw.slice(q + 1) : '';
    const params = new URLSearchParams(rawQuery);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    if (path === BBB_API_PATH || path === `${BBB_API_PATH}/`) {
      answer(
        res,
        '',
        params,
        response({
          returncode: 'SUCCESS',
          version: '2.0',
          apiVersion: '2.0',
          bbbVersion: opts.version ?? '2.7.4',
        }),
      );
      return;
    }
    if (!path.startsWith(`${BBB_API_PATH}/`)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const call = path.slice(BBB_API_PATH.length + 1);
    if (!checksumOk(call, rawQuery, params, secret, algorithm)) {
      answer(res, call, params, failed('checksumError', 'Checksums do not match'));
      return;
    }
    const out = handle(call, params);
    answer(res, call, params, out.body, out.html ? 'text/html; charset=utf-8' : undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;

  return {
    url: `http://127.0.0.1:${port}${BBB_API_PATH}`,
    secret,
    algorithm,
    meetings,
    calls,
    requests: calls,
    callNames: () => calls.slice(since).map((c) => c.call),
    clearCalls: () => void (since = calls.length),
    end(meetingID) {
      const m = meetings.get(meetingID);
      if (!m) throw new Error(`no meeting ${meetingID} on the stand-in BBB server`);
      endMeeting(m);
    },
    addParticipants(meetingID, n, role = 'VIEWER') {
      const m = meetings.get(meetingID);
      if (!m) throw new Error(`no meeting ${meetingID} on the stand-in BBB server`);
      for (let i = 0; i < n; i++)
        m.participants.push({
          userID: `fake_${++guestCounter}`,
          fullName: `Teilnehmer ${guestCounter}`,
          role,
          guest: false,
        });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

startBbbServer satisfies StartStandIn<TestBbbOptions, TestBbbServer>;
