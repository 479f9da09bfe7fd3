import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BBB_CHECKSUM_ALGORITHMS } from '@aula/contracts';
import { startBbbServer, type TestBbbServer } from '../../test/bbb-server.ts';
import {
  apiVersion,
  BbbError,
  checksum,
  createMeeting,
  endMeeting,
  getMeetingInfo,
  isMeetingRunning,
  joinUrl,
  parseAnswer,
  queryString,
  type BbbServer,
} from './bbb-client.ts';

// The BBB client against the stand-in server (decision 067): the stand-in verifies every checksum with its
// own secret and algorithm, so these tests prove the client signs as BBB's API documents.

const meeting = (meetingID: string) => ({
  name: 'Klasse 5a',
  meetingID,
  attendeePW: 'ap-secret',
  moderatorPW: 'mp-secret',
  muteOnStart: true,
  guestPolicy: 'ALWAYS_ACCEPT' as const,
  maxParticipants: 0,
  logoutURL: 'http://portal.test/b/abc-234-xyz',
  meta: { aula_room: '7' },
});

const serverOf = (bbb: TestBbbServer, over: Partial<BbbServer> = {}): BbbServer => ({
  url: bbb.url,
  secret: bbb.secret,
  algorithm: bbb.algorithm,
  allowInternal: true,
  ...over,
});

describe('checksum', () => {
  it("is BBB's documented example: sha1 of call name, query string and secret", () => {
    // https://docs.bigbluebutton.org/development/api#api-security-model
    const query = 'name=Test+Meeting&meetingID=abc123&attendeePW=111222&moderatorPW=333444';
    expect(checksum('sha1', 'create', query, '639259d4-9dd8-4b25-bf01-95f9567eaf4b')).toBe(
      '1fcbb0c4fc1f039f73aa6d697d2db9ba7f803f17',
    );
  });

  it('encodes values so that the query string is what the server hashes', () => {
    expect(queryString({ fullName: 'Ali Yılmaz & Co', guest: undefined, redirect: 'true' })).toBe(
      'fullName=Ali%20Y%C4%B1lmaz%20%26%20Co&redirect=true',
    );
  });

  it("encodes !'()* too: URL parsers (safeFetch's, the browser's) rewrite a bare ' as %27", () => {
    expect(queryString({ name: "Kevin's Raum (5a)!*" })).toBe('name=Kevin%27s%20Raum%20%285a%29%21%2A');
    // a query string that a URL parser keeps as it is: the server hashes exactly what was signed
    const query = queryString({ fullName: "Sinéad O'Brien (Gast)", x: "!'()*~-._" });
    expect(new URL(`http://bbb.test/api/join?${query}`).search).toBe(`?${query}`);
  });
});

describe('parseAnswer', () => {
  it('reads returncode and messageKey; anything but BBB XML is not_bbb', () => {
    expect(
      parseAnswer('<response><returncode>FAILED</returncode><messageKey>notFound</messageKey></response>'),
    ).toMatchObject({ returncode: 'FAILED', messageKey: 'notFound' });
    for (const text of [
      '<html><body>hi</body></html>',
      '{"ok":true}',
      '<response><returncode>MAYBE</returncode></response>',
      '<response',
    ])
      expect(() => parseAnswer(text), text).toThrow(BbbError);
  });
});

describe.each(BBB_CHECKSUM_ALGORITHMS)('against the stand-in server with %s', (algorithm) => {
  let bbb: TestBbbServer;
  beforeAll(async () => {
    bbb = await startBbbServer({ algorithm });
  });
  afterAll(() => bbb.close());

  it('create, getMeetingInfo, isMeetingRunning, join and end, each signed as the server checks', async () => {
    const server = serverOf(bbb);
    expect(await getMeetingInfo(server, 'm-1')).toBeNull();
    const created = await createMeeting(server, meeting('m-1'));
    const createTime = bbb.meetings.get('m-1')!.createTime;
    expect(created).toEqual({ duplicate: false, createTime });
    expect(await createMeeting(server, meeting('m-1'))).toEqual({ duplicate: true, createTime });
    expect(bbb.meetings.get('m-1')).toMatchObject({
      name: 'Klasse 5a',
      muteOnStart: true,
      meta: { aula_room: '7' },
    });
    expect(await isMeetingRunning(server, 'm-1')).toBe(false);
    const url = joinUrl(server, {
      fullName: 'Tina Lehmann',
      meetingID: 'm-1',
      role: 'MODERATOR',
      password: 'mp-secret',
      createTime,
      userID: 'aula-3',
    });
    const page = await fetch(url);
    expect(await page.text()).toContain('data-testid="role">MODERATOR<');
    expect(await getMeetingInfo(server, 'm-1')).toMatchObject({
      running: true,
      ended: false,
      createTime,
      participantCount: 1,
    });
    await endMeeting(server, 'm-1', 'mp-secret');
    // BBB keeps an ended session known for a while: not running, and the address no longer works
    expect(await getMeetingInfo(server, 'm-1')).toMatchObject({ running: false, ended: true });
    expect(await (await fetch(url)).text()).toContain('<messageKey>meetingForciblyEnded</messageKey>');
    // ending what is over is no error
    await endMeeting(server, 'm-1', 'mp-secret');
    // the next create is a new session: the old address is refused, one with the new createTime works
    const again = await createMeeting(server, meeting('m-1'));
    expect(again).toMatchObject({ duplicate: false });
    expect(again.createTime).toBeGreaterThan(createTime);
    expect(await (await fetch(url)).text()).toContain('<messageKey>mismatchCreateTimeParam</messageKey>');
    const fresh = await fetch(
      joinUrl(server, {
        fullName: 'Tina Lehmann',
        meetingID: 'm-1',
        role: 'MODERATOR',
        password: 'mp-secret',
        createTime: again.createTime,
      }),
    );
    expect(await fresh.text()).toContain('data-testid="role">MODERATOR<');
    expect(bbb.calls.every((c) => c.messageKey !== 'checksumError')).toBe(true);
  });

  it("names with ' ( ) ! * pass the server's checksum, through safeFetch and through fetch's URL parsing", async () => {
    const server = serverOf(bbb);
    const { createTime } = await createMeeting(server, {
      ...meeting('m-quote'),
      name: "Kevin's Raum (Mathe)!*",
    });
    expect(bbb.meetings.get('m-quote')!.name).toBe("Kevin's Raum (Mathe)!*");
    const page = await fetch(
      joinUrl(server, {
        fullName: "Sinéad O'Brien",
        meetingID: 'm-quote',
        role: 'VIEWER',
        password: 'ap-secret',
        createTime,
        userID: 'guest-1',
      }),
    );
    expect(await page.text()).toContain('data-testid="full-name">Sinéad O&apos;Brien<');
  });

  it('the canary: a wrong secret is refused with checksumError', async () => {
    const wrong = serverOf(bbb, { secret: 'not-the-secret' });
    await expect(getMeetingInfo(wrong, 'm-2')).rejects.toMatchObject({ failure: 'checksum_error' });
    const page = await fetch(
      joinUrl(wrong, { fullName: 'X', meetingID: 'm-2', role: 'VIEWER', password: 'x', createTime: 1 }),
    );
    expect(await page.text()).toContain('<messageKey>checksumError</messageKey>');
  });

  it('the canary: another algorithm than the server’s is refused', async () => {
    const other = BBB_CHECKSUM_ALGORITHMS.find((a) => a !== algorithm)!;
    await expect(getMeetingInfo(serverOf(bbb, { algorithm: other }), 'm-3')).rejects.toMatchObject({
      failure: 'checksum_error',
    });
  });

  it('the API root tells the version', async () => {
    expect(await apiVersion(serverOf(bbb))).toBe('2.7.4');
  });
});

describe('the stand-in server', () => {
  let bbb: TestBbbServer;
  beforeAll(async () => {
    bbb = await startBbbServer({ algorithm: 'sha1' });
  });
  afterAll(() => bbb.close());

  it('verifies a checksum made by hand from the raw query string', async () => {
    const query = 'meetingID=hand-made';
    const sum = createHash('sha1').update(`getMeetingInfo${query}${bbb.secret}`).digest('hex');
    const ok = await (await fetch(`${bbb.url}/getMeetingInfo?${query}&checksum=${sum}`)).text();
    expect(ok).toContain('<messageKey>notFound</messageKey>');
    const tampered = await (await fetch(`${bbb.url}/getMeetingInfo?meetingID=other&checksum=${sum}`)).text();
    expect(tampered).toContain('<messageKey>checksumError</messageKey>');
    const missing = await (await fetch(`${bbb.url}/getMeetingInfo?${query}`)).text();
    expect(missing).toContain('<messageKey>checksumError</messageKey>');
  });

  it('a full meeting refuses the next join with maxParticipantsReached; fake participants fill it', async () => {
    const server = serverOf(bbb);
    const { createTime } = await createMeeting(server, { ...meeting('full'), maxParticipants: 3 });
    bbb.addParticipants('full', 3);
    expect(await getMeetingInfo(server, 'full')).toMatchObject({ participantCount: 3, maxUsers: 3 });
    const page = await fetch(
      joinUrl(server, {
        fullName: 'Zu spät',
        meetingID: 'full',
        role: 'VIEWER',
        password: 'ap-secret',
        createTime,
      }),
    );
    expect(await page.text()).toContain('<messageKey>maxParticipantsReached</messageKey>');
  });

  it('a guest of an ASK_MODERATOR meeting waits for approval; a password alone gives the role on old servers', async () => {
    const server = serverOf(bbb);
    const { createTime } = await createMeeting(server, { ...meeting('lobby'), guestPolicy: 'ASK_MODERATOR' });
    const guest = await fetch(
      joinUrl(server, {
        fullName: 'Frau Gast',
        meetingID: 'lobby',
        role: 'VIEWER',
        password: 'ap-secret',
        createTime,
        guest: true,
      }),
    );
    expect(await guest.text()).toContain("Waiting for a moderator's approval");
    expect(bbb.meetings.get('lobby')!.waitingGuests).toHaveLength(1);
    const query = `fullName=Alt&meetingID=lobby&password=mp-secret&redirect=true`;
    const sum = createHash('sha1').update(`join${query}${bbb.secret}`).digest('hex');
    const old = await (await fetch(`${bbb.url}/join?${query}&checksum=${sum}`)).text();
    expect(old).toContain('data-testid="role">MODERATOR<');
    const joinUnknown = await fetch(
      joinUrl(server, { fullName: 'X', meetingID: 'nope', role: 'VIEWER', password: 'x', createTime }),
    );
    expect(await joinUnknown.text()).toContain('<messageKey>invalidMeetingIdentifier</messageKey>');
  });

  it('keeps a call log', async () => {
    bbb.clearCalls();
    await isMeetingRunning(serverOf(bbb), 'lobby');
    expect(bbb.callNames()).toEqual(['isMeetingRunning']);
  });
});

describe('failures', () => {
  let other: Server;
  let otherUrl = '';
  beforeAll(async () => {
    other = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Moodle</html>'),
    );
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as { port: number }).port}/bigbluebutton/api`;
  });
  afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

  const base = { secret: 's', algorithm: 'sha256' as const, allowInternal: true };

  it('a server that is not BBB is not_bbb', async () => {
    await expect(apiVersion({ ...base, url: otherUrl })).rejects.toMatchObject({ failure: 'not_bbb' });
  });

  it('a private address without allowInternal is refused before connecting', async () => {
    await expect(apiVersion({ ...base, url: otherUrl, allowInternal: false })).rejects.toMatchObject({
      failure: 'blocked_address',
    });
  });

  it('a server that never answers is a timeout (a short one here; calls use BBB_TIMEOUT_MS)', async () => {
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hanging.address() as { port: number }).port}/bigbluebutton/api`;
    try {
      await expect(apiVersion({ ...base, url }, 150)).rejects.toMatchObject({ failure: 'timeout' });
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('a closed port is unreachable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      apiVersion({ ...base, url: `http://127.0.0.1:${port}/bigbluebutton/api` }),
    ).rejects.toMatchObject({
      failure: 'unreachable',
    });
  });
});
