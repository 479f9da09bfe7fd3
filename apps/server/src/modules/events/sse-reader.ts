// Tests only: reads GET /api/events over real HTTP (node:http, so a test can set Host for another school) and
// hands out what arrives block by block. Nothing here sleeps: each read waits for the next block or the end.
import { request, type IncomingMessage } from 'node:http';

/** One block of the stream: an event, a comment (heartbeat), or fields only (`retry:`, a bare `id:`). */
export interface SseBlock {
  id?: number;
  event?: string;
  data?: unknown;
  retry?: number;
  comment?: true;
  raw: string;
}

export interface SseStream {
  status: number;
  headers: IncomingMessage['headers'];
  /** the answer's body when it is not a stream (401, 400, ...) */
  body: string;
  /** the next block (a blank line ends one; a comment line is one of its own); null when the stream ended */
  next(): Promise<SseBlock | null>;
  /** the next block that is an event (skipping comments and bare fields) */
  nextEvent(): Promise<SseBlock | null>;
  /** resolves when the server ended the stream */
  ended: Promise<void>;
  close(): void;
  /** everything received so far */
  received(): string;
}

function parse(raw: string): SseBlock {
  const block: SseBlock = { raw };
  for (const line of raw.split('\n')) {
    if (line.startsWith(':')) block.comment = true;
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const field = line.slice(0, at);
    const value = line.slice(at + 1).replace(/^ /, '');
    if (field === 'id') block.id = Number(value);
    else if (field === 'event') block.event = value;
    else if (field === 'data') block.data = JSON.parse(value);
    else if (field === 'retry') block.retry = Number(value);
  }
  return block;
}

export function openSse(
  base: string,
  opts: {
    cookie?: string;
    lastEventId?: number | string;
    query?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<SseStream> {
  const url = new URL(`/api/events${opts.query ?? ''}`, base);
  const headers: Record<string, string> = { accept: 'text/event-stream', ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.lastEventId !== undefined) headers['last-event-id'] = String(opts.lastEventId);
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.setEncoding('utf8');
      let all = '';
      let buffer = '';
      const blocks: SseBlock[] = [];
      const waiting: ((b: SseBlock | null) => void)[] = [];
      let done = false;
      let markEnded!: () => void;
      const ended = new Promise<void>((r) => (markEnded = r));
      const push = (b: SseBlock | null) => {
        const w = waiting.shift();
        if (w) w(b);
        else if (b) blocks.push(b);
      };
      const finish = () => {
        if (done) return;
        done = true;
        markEnded();
        while (waiting.length) waiting.shift()!(null);
      };
      res.on('data', (chunk: string) => {
        all += chunk;
        buffer += chunk;
        for (;;) {
          // a comment line stands alone; any other block ends with a blank line
          const comment = /^:[^\n]*\n/.exec(buffer);
          if (comment) {
            buffer = buffer.slice(comment[0].length);
            push(parse(comment[0].slice(0, -1)));
            continue;
          }
          const end = buffer.indexOf('\n\n');
          if (end < 0) break;
          const raw = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          push(parse(raw));
        }
      });
      res.on('end', finish);
      res.on('close', finish);
      res.on('error', finish);
      const next = () =>
        blocks.length
          ? Promise.resolve(blocks.shift()!)
          : done
            ? Promise.resolve(null)
            : new Promise<SseBlock | null>((r) => waiting.push(r));
      const stream: SseStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        get body() {
          return all;
        },
        next,
        async nextEvent() {
          for (;;) {
            const b = await next();
            if (b === null || b.event !== undefined) return b;
          }
        },
        ended,
        close: () => {
          req.destroy();
          finish();
        },
        received: () => all,
      };
      if ((res.statusCode ?? 0) !== 200) res.on('end', () => resolve(stream));
      else resolve(stream);
    });
    req.on('error', reject);
    req.end();
  });
}
