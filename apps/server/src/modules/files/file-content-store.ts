// Where the bytes of stored files may live outside PostgreSQL (DESIGN.md "Files", decision 053). By default
// they are in the `files` row itself, written in the caller's transaction, so one backup holds everything;
// this is the interface a school that outgrows that moves them behind, and the S3-compatible adapter for it.
import { createHash, createHmac } from 'node:crypto';

/** The contents of files by key; the `files` table keeps name, type, size, owner and the key. */
export interface FileContentStore {
  put(key: string, data: Buffer, mime: string): Promise<void>;
  /** The contents, or null when no object has this key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the object; a key that does not exist is no error. */
  delete(key: string): Promise<void>;
  /** Every key that starts with `prefix` (for a sweep of objects no row refers to). */
  keys(prefix: string): Promise<string[]>;
}

export interface S3Options {
  /** the service's base address, e.g. https://s3.example.org (path-style addressing: /bucket/key) */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** milliseconds before a request is given up; default 30 s */
  timeoutMs?: number;
  /** keys per listing request; default (and S3's most) 1000 */
  listPageSize?: number;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ (and '/' in a path). */
function encode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

/** Keys are ours (`<school>/<random>`): no empty segment, no dot segment, nothing to escape. */
function checkKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key))
    throw new Error(`invalid file key: ${key}`);
  return key;
}

function xmlText(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * An S3-compatible object store over plain HTTP(S), requests signed with AWS Signature Version 4 (header
 * form, payload hashed). Path-style addresses, which every S3-compatible server accepts. No SDK: four
 * operations do not need one.
 */
export class S3ContentStore implements FileContentStore {
  private readonly base: URL;
  private readonly timeoutMs: number;

  constructor(
    private readonly opts: S3Options,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.base = new URL(opts.endpoint);
    this.timeoutMs = opts.timeoutMs ?? 30_000;
  }

  /** One signed request; `path` is below the bucket ('' for the bucket itself). */
  private async request(
    method: 'GET' | 'PUT' | 'DELETE' | 'HEAD',
    path: string,
    opts: { query?: Record<string, string>; body?: Buffer; contentType?: string } = {},
  ): Promise<Response> {
    const body = opts.body ?? Buffer.alloc(0);
    const basePath = this.base.pathname.replace(/\/$/, '');
    const canonicalPath = `${basePath}/${encode(this.opts.bucket)}${path ? `/${encode(path, true)}` : ''}`;
    const query = Object.entries(opts.query ?? {})
      .map(([k, v]) => [encode(k), encode(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const amzDate = this.now()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const day = amzDate.slice(0, 8);
    const payloadHash = sha256(body);
    const headers: Record<string, string> = {
      host: this.base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
    };
    if (opts.contentType) headers['content-type'] = opts.contentType;
    const names = Object.keys(headers).sort();
    const signedHeaders = names.join(';');
    const canonicalRequest = [
      method,
      canonicalPath,
      query,
      names.map((n) => `${n}:${headers[n]!.trim()}\n`).join(''),
      signedHeaders,
      payloadHash,
    ].join('\n');
    const scope = `${day}/${this.opts.region}/s3/aws4_request`;
    const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
    const signingKey = ['s3', 'aws4_request'].reduce(
      (key, part) => hmac(key, part),
      hmac(hmac(`AWS4${this.opts.secretAccessKey}`, day), this.opts.region),
    );
    const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
    const authorization =
      `AWS4-HMAC-SHA256 Credential=${this.opts.accessKeyId}/${scope}, ` +
      `SignedHeaders=${signedHeaders}, Signature=${signature}`;
    // fetch sets Host itself (and may not be given one); it is signed with the same value
    const sent = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'host'));
    const url = `${this.base.origin}${canonicalPath}${query ? `?${query}` : ''}`;
    return fetch(url, {
      method,
      headers: { ...sent, authorization },
      ...(method === 'PUT' ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }

  private async fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? '';
    throw new Error(`S3 ${what}: ${res.status} ${code}`.trim());
  }

  /** Creates the bucket unless it is there (set-up and tests; a deployment usually gets one made for it). */
  async ensureBucket(): Promise<void> {
    const head = await this.request('HEAD', '');
    if (head.ok) return;
    // outside us-east-1 S3 wants the region named in the body
    const body =
      this.opts.region === 'us-east-1'
        ? undefined
        : Buffer.from(
            '<CreateBucketConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
              `<LocationConstraint>${this.opts.region}</LocationConstraint></CreateBucketConfiguration>`,
          );
    const res = await this.request('PUT', '', body ? { body, contentType: 'application/xml' } : {});
    if (!res.ok) await this.fail(res, 'create bucket');
    await res.arrayBuffer();
  }

  async put(key: string, data: Buffer, mime: string): Promise<void> {
    const res = await this.request('PUT', checkKey(key), { body: data, contentType: mime });
    if (!res.ok) await this.fail(res, `put ${key}`);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.request('GET', checkKey(key));
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) await this.fail(res, `get ${key}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.request('DELETE', checkKey(key));
    // S3 answers 204 for a key that is not there as well
    if (!res.ok && res.status !== 404) await this.fail(res, `delete ${key}`);
    await res.arrayBuffer();
  }

  async keys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query: Record<string, string> = {
        'list-type': '2',
        prefix,
        'max-keys': String(this.opts.listPageSize ?? 1000),
      };
      if (token) query['continuation-token'] = token;
      const res = await this.request('GET', '', { query });
      if (!res.ok) await this.fail(res, 'list');
      const xml = await res.text();
      for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(xmlText(m[1]!));
      const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
      const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
      token = truncated && next ? xmlText(next) : undefined;
    } while (token);
    return keys;
  }
}
