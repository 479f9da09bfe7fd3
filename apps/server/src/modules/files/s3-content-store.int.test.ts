// Issue 18, item 4: the file store's S3 adapter against a real S3-compatible server on loopback (moto's
// standalone server, installed by scripts/install-test-deps.sh), which checks every request's signature.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { S3ContentStore, type S3Options } from './file-content-store.ts';
import { imageOwner } from '../../lib/image-limiter.ts';
import { prepareUpload } from './file-checks.ts';

const OWNER = imageOwner(1, null);

let s3: TestS3Server;
let options: S3Options;
let store: S3ContentStore;

beforeAll(async () => {
  s3 = await startS3Server();
  options = {
    endpoint: s3.endpoint,
    bucket: 'aula-files',
    region: 'eu-central-1',
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
  };
  store = new S3ContentStore(options);
  await store.ensureBucket();
  // a second call finds the bucket there
  await store.ensureBucket();
});
afterAll(() => s3?.close());

describe('the S3 content store', () => {
  it('stores, reads and deletes a file byte for byte; a missing key reads as null', async () => {
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    await store.put('1/round-trip', data, 'application/octet-stream');
    expect(await store.get('1/round-trip')).toEqual(data);
    expect(await store.get('1/never-stored')).toBeNull();
    await store.delete('1/round-trip');
    expect(await store.get('1/round-trip')).toBeNull();
    // deleting what is not there is no error
    await expect(store.delete('1/round-trip')).resolves.toBeUndefined();
  });

  it('lists the keys of one prefix over as many pages as it takes', async () => {
    const paged = new S3ContentStore({ ...options, listPageSize: 2 });
    const keys = ['7/a', '7/b', '7/c', '7/d', '7/e'];
    for (const key of keys) await paged.put(key, Buffer.from(key), 'text/plain');
    await paged.put('70/other-school', Buffer.from('x'), 'text/plain');
    expect((await paged.keys('7/')).sort()).toEqual(keys);
    for (const key of keys) await paged.delete(key);
    expect(await paged.keys('7/')).toEqual([]);
    expect(await paged.keys('70/')).toEqual(['70/other-school']);
  });

  it('a request signed with the wrong secret or an unknown key is refused by the server', async () => {
    await store.put('2/secret', Buffer.from('geheim'), 'text/plain');
    const wrongSecret = new S3ContentStore({ ...options, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.get('2/secret')).rejects.toThrow('403 SignatureDoesNotMatch');
    const unknownKey = new S3ContentStore({ ...options, accessKeyId: 'AKIAUNKNOWNKEY000000' });
    await expect(unknownKey.get('2/secret')).rejects.toThrow('403 InvalidAccessKeyId');
    expect((await store.get('2/secret'))?.toString()).toBe('geheim');
  });

  it('refuses keys that are not ours before sending anything', async () => {
    await expect(store.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow('invalid file key');
    await expect(store.get('1//double')).rejects.toThrow('invalid file key');
    await expect(store.get('/1/leading')).rejects.toThrow('invalid file key');
  });

  it('a checked upload keeps no EXIF or GPS position in the bucket either', async () => {
    const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#48c' } })
      .jpeg()
      .withExifMerge({
        IFD0: { Make: 'Aula Testkamera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 33/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const file = await prepareUpload('download', { data: photo, filename: 'Hof.jpg' }, OWNER);
    await store.put('3/photo', file.data, file.mime);
    const kept = await store.get('3/photo');
    expect(kept).toEqual(file.data);
    expect((await sharp(kept!).metadata()).exif).toBeUndefined();
    expect(kept!.includes(Buffer.from('Aula Testkamera'))).toBe(false);
  });
});
