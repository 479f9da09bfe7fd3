// A client of BigBlueButton's published HTTP API (https://docs.bigbluebutton.org/development/api): every
// call is a GET of `<api url>/<call>?<query>&checksum=<hex(hash(call + query + secret))>` with the server's
// checksum algorithm, answered with XML `<response><returncode>SUCCESS|FAILED</returncode>…</response>`.
// Every call goes through safeFetch (lib/safe-fetch.ts) with a timeout; an admin may let a server in the
// school's own network past the private-address guard (allowInternal, decision 067).
import { DOMParser } from '@xmldom/xmldom';
import { createHash } from 'node:crypto';
import type { BbbChecksumAlgorithm } from '@aula/contracts';
import { safeFetch, SafeFetchError } from '../../lib/safe-fetch.ts';

/** The school's server as the client needs it: the API address, the shared secret and the algorithm. */
export interface BbbServer {
  url: string;
  secret: string;
  algorithm: BbbChecksumAlgorithm;
  allowInternal: boolean;
}

/** How long one call may take: a join waits for at most two of them. */
export const BBB_TIMEOUT_MS = 5000;

/**
 * What went wrong with a call: the address guard refused it, the server could not be reached or did not
 * answer in time, the answer was not BBB's XML, the server refused our checksum, or it answered FAILED
 * with another messageKey (in `messageKey`).
 */
export type BbbFailure =
  'blocked_address' | 'unreachable' | 'timeout' | 'not_bbb' | 'checksum_error' | 'failed';

export class BbbError extends Error {
  constructor(
    readonly failure: BbbFailure,
    readonly messageKey: string | null = null,
    message: string = failure,
  ) {
    super(message);
    this.name = 'BbbError';
  }
}

export type BbbParams = Record<string, string | number | boolean | undefined>;

/**
 * RFC 3986 percent-encoding: encodeURIComponent leaves `!'()*` bare, and URL parsers (safeFetch's, the
 * browser's) rewrite a bare `'` in a query as `%27`, so BBB would hash another string than we signed.
 * Encoded, every character is one a parser keeps as it is.
 */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The query string of a call, in the order given, values percent-encoded; undefined values left out. */
export function queryString(params: BbbParams): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string | number | boolean] => entry[1] !== undefined)
    .map(([key, value]) => `${encode(key)}=${encode(String(value))}`)
    .join('&');
}

/** BBB's checksum: the hex digest of call name, query string (without the checksum) and secret. */
export function checksum(
  algorithm: BbbChecksumAlgorithm,
  call: string,
  query: string,
  secret: string,
): string {
  return createHash(algorithm)
    .update(call + query + secret)
    .digest('hex');
}

/** The API address without a trailing slash. */
function apiBase(server: Pick<BbbServer, 'url'>): string {
  return server.url.replace(/\/+$/, '');
}

/** A signed address of a call: what the server fetches, or (join) where the browser goes. */
export function signedUrl(server: BbbServer, call: string, params: BbbParams): string {
  const query = queryString(params);
  const sum = checksum(server.algorithm, call, query, server.secret);
  return `${apiBase(server)}/${call}?${query ? `${query}&` : ''}checksum=${sum}`;
}

/** host:port of the server, for the address guard's allow-list when the admin allowed an internal host. */
function allowedHosts(server: Pick<BbbServer, 'url' | 'allowInternal'>): string[] {
  if (!server.allowInternal) return [];
  const url = new URL(server.url);
  return [`${url.hostname.toLowerCase()}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`];
}

/** An answer of BBB: its return code, messageKey and message, and the `<response>` element to read. */
export interface BbbAnswer {
  returncode: 'SUCCESS' | 'FAILED';
  messageKey: string | null;
  message: string | null;
  response: Element;
}

function childText(parent: Element, name: string): string | null {
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).tagName === name) return node.textContent?.trim() ?? '';
  }
  return null;
}

/** Reads BBB's XML answer; anything else (HTML, JSON, a broken document) is not_bbb. */
export function parseAnswer(xml: string): BbbAnswer {
  let broken = false;
  const doc = new DOMParser({
    errorHandler: { error: () => (broken = true), fatalError: () => (broken = true), warning: () => {} },
  }).parseFromString(xml, 'text/xml');
  const response = doc?.documentElement as unknown as Element | null;
  if (broken || !response || response.tagName !== 'response') throw new BbbError('not_bbb');
  const returncode = childText(response, 'returncode');
  if (returncode !== 'SUCCESS' && returncode !== 'FAILED') throw new BbbError('not_bbb');
  return {
    returncode,
    messageKey: childText(response, 'messageKey') || null,
    message: childText(response, 'message') || null,
    response,
  };
}

async function fetchAnswer(server: BbbServer, url: string, timeoutMs: number): Promise<BbbAnswer> {
  let res: Response;
  try {
    res = await safeFetch(
      url,
      { headers: { accept: 'application/xml, text/xml' } },
      { timeoutMs, allowedHosts: allowedHosts(server), maxBytes: 2 * 1024 * 1024 },
    );
  } catch (err) {
    if (err instanceof SafeFetchError) {
      if (err.reason === 'blocked-address') throw new BbbError('blocked_address');
      if (err.reason === 'timeout') throw new BbbError('timeout');
      if (err.reason === 'invalid-url') throw new BbbError('unreachable', null, 'not a usable address');
      throw new BbbError('unreachable', null, err.message);
    }
    throw err;
  }
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new BbbError('unreachable');
  }
  if (res.status !== 200) throw new BbbError('not_bbb', null, `HTTP ${res.status}`);
  return parseAnswer(text);
}

/** One signed call; a FAILED answer throws (checksum_error, or failed with its messageKey). */
export async function callBbb(
  server: BbbServer,
  call: string,
  params: BbbParams,
  timeoutMs = BBB_TIMEOUT_MS,
): Promise<BbbAnswer> {
  const answer = await fetchAnswer(server, signedUrl(server, call, params), timeoutMs);
  if (answer.returncode === 'FAILED') {
    if (answer.messageKey === 'checksumError') throw new BbbError('checksum_error', answer.messageKey);
    throw new BbbError('failed', answer.messageKey, answer.message ?? answer.messageKey ?? 'FAILED');
  }
  return answer;
}

/**
 * The API root (unsigned): a BBB server answers `<response><returncode>SUCCESS</returncode><version>…`.
 * Returns the version; anything else is not_bbb.
 */
export async function apiVersion(server: BbbServer, timeoutMs = BBB_TIMEOUT_MS): Promise<string> {
  const answer = await fetchAnswer(server, apiBase(server), timeoutMs);
  const version = childText(answer.response, 'version');
  if (answer.returncode !== 'SUCCESS' || !version) throw new BbbError('not_bbb');
  return childText(answer.response, 'bbbVersion') || version;
}

/** BBB's create parameter guestPolicy: how BBB treats a join with guest=true. */
export type BbbGuestPolicy = 'ALWAYS_ACCEPT' | 'ASK_MODERATOR' | 'ALWAYS_DENY';

export interface CreateMeeting {
  name: string;
  meetingID: string;
  attendeePW: string;
  moderatorPW: string;
  muteOnStart: boolean;
  guestPolicy: BbbGuestPolicy;
  /** 0: no limit */
  maxParticipants: number;
  logoutURL: string;
  /** meta_<name> parameters, kept by BBB with the meeting (what created it) */
  meta?: Record<string, string>;
}

const intOf = (answer: BbbAnswer, name: string) =>
  Number.parseInt(childText(answer.response, name) ?? '0', 10) || 0;

/**
 * create: idempotent on BBB's side (a second create of a running meeting answers duplicateWarning with that
 * meeting). `createTime` names the session: a join address carrying it works only in this session.
 */
export async function createMeeting(
  server: BbbServer,
  m: CreateMeeting,
): Promise<{ duplicate: boolean; createTime: number }> {
  const { meta = {}, ...params } = m;
  const answer = await callBbb(server, 'create', {
    ...params,
    ...Object.fromEntries(Object.entries(meta).map(([k, v]) => [`meta_${k}`, v])),
  });
  return { duplicate: answer.messageKey === 'duplicateWarning', createTime: intOf(answer, 'createTime') };
}

export interface MeetingInfo {
  running: boolean;
  /**
   * the session is over (hasBeenForciblyEnded, or an endTime): BBB still knows it for a while, refuses
   * joins to it and lets the next create start a new session
   */
  ended: boolean;
  /** the session's createTime, for the join address */
  createTime: number;
  participantCount: number;
  moderatorCount: number;
  maxUsers: number;
}

/** getMeetingInfo: null when the server knows no such meeting (never created, or forgotten since). */
export async function getMeetingInfo(
  server: BbbServer,
  meetingID: string,
  timeoutMs = BBB_TIMEOUT_MS,
): Promise<MeetingInfo | null> {
  let answer: BbbAnswer;
  try {
    answer = await callBbb(server, 'getMeetingInfo', { meetingID }, timeoutMs);
  } catch (err) {
    if (err instanceof BbbError && err.failure === 'failed' && err.messageKey === 'notFound') return null;
    throw err;
  }
  const ended = childText(answer.response, 'hasBeenForciblyEnded') === 'true' || intOf(answer, 'endTime') > 0;
  return {
    running: !ended && childText(answer.response, 'running') === 'true',
    ended,
    createTime: intOf(answer, 'createTime'),
    participantCount: intOf(answer, 'participantCount'),
    moderatorCount: intOf(answer, 'moderatorCount'),
    maxUsers: intOf(answer, 'maxUsers'),
  };
}

export async function isMeetingRunning(server: BbbServer, meetingID: string): Promise<boolean> {
  const answer = await callBbb(server, 'isMeetingRunning', { meetingID });
  return childText(answer.response, 'running') === 'true';
}

/** end: a meeting that is not there any more counts as ended. */
export async function endMeeting(server: BbbServer, meetingID: string, moderatorPW: string): Promise<void> {
  try {
    await callBbb(server, 'end', { meetingID, password: moderatorPW });
  } catch (err) {
    if (err instanceof BbbError && err.failure === 'failed' && err.messageKey === 'notFound') return;
    throw err;
  }
}

export interface JoinMeeting {
  fullName: string;
  meetingID: string;
  role: 'MODERATOR' | 'VIEWER';
  /** the matching password, for servers older than BBB 2.4's `role` */
  password: string;
  /** the session's createTime: BBB refuses the address in any other session (mismatchCreateTimeParam) */
  createTime: number;
  /** members: their id at Aula; guests none */
  userID?: string;
  /** anyone who is not a member: BBB lets them in by the meeting's guestPolicy (lobby, refusal) */
  guest?: boolean;
}

/** The signed join address the browser goes to (redirect=true: BBB answers with the meeting's page). */
export function joinUrl(server: BbbServer, j: JoinMeeting): string {
  return signedUrl(server, 'join', {
    fullName: j.fullName,
    meetingID: j.meetingID,
    role: j.role,
    password: j.password,
    createTime: j.createTime,
    userID: j.userID,
    guest: j.guest ? 'true' : undefined,
    redirect: 'true',
  });
}
