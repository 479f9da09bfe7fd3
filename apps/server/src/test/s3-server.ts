// A real S3-compatible server for the file store's S3 adapter (decision 053): moto's standalone server from
// PyPI, which scripts/install-test-deps.sh installs into .venv-s3/, on loopback. It checks every request's
// AWS Signature Version 4 against an access key made through its IAM API, so a wrongly signed request fails
// as it would at a real provider.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MOTO_SERVER = fileURLToPath(new URL('../../../../.venv-s3/bin/moto_server', import.meta.url));

export interface TestS3Server {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** An IAM query call, made while the server still lets its first calls through unsigned. */
async function iam(endpoint: string, params: Record<string, string>): Promise<string> {
  const res = await fetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      // moto picks the service from the credential scope; the signature is not checked for these calls
      authorization: 'AWS4-HMAC-SHA256 Credential=setup/20260101/us-east-1/iam/aws4_request',
    },
    body: new URLSearchParams({ ...params, Version: '2010-05-08' }).toString(),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`moto IAM ${params.Action}: ${res.status} ${text.slice(0, 300)}`);
  return text;
}

// the three IAM calls below; every request after them must be signed with the key they make
const UNSIGNED_CALLS = 3;

export async function startS3Server(): Promise<TestS3Server> {
  if (!existsSync(MOTO_SERVER))
    throw new Error(`${MOTO_SERVER} is missing: run bash scripts/install-test-deps.sh`);
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(MOTO_SERVER, ['-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, INITIAL_NO_AUTH_ACTION_COUNT: String(UNSIGNED_CALLS) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const close = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  };
  // until it answers: the dashboard's API is no S3 or IAM action, so it uses none of the unsigned calls
  let up = false;
  for (let i = 0; i < 300 && !up && child.exitCode === null; i++) {
    try {
      up = (await fetch(`${endpoint}/moto-api/`)).ok;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!up) {
    await close();
    throw new Error(`moto_server did not start: ${stderr}`);
  }
  await iam(endpoint, { Action: 'CreateUser', UserName: 'aula' });
  const key = await iam(endpoint, { Action: 'CreateAccessKey', UserName: 'aula' });
  await iam(endpoint, {
    Action: 'PutUserPolicy',
    UserName: 'aula',
    PolicyName: 'files',
    PolicyDocument: JSON.stringify({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: 's3:*', Resource: '*' }],
    }),
  });
  const accessKeyId = /<AccessKeyId>([^<]+)<\/AccessKeyId>/.exec(key)?.[1];
  const secretAccessKey = /<SecretAccessKey>([^<]+)<\/SecretAccessKey>/.exec(key)?.[1];
  if (!accessKeyId || !secretAccessKey) {
    await close();
    throw new Error(`moto IAM gave no access key: ${key.slice(0, 300)}`);
  }
  return { endpoint, accessKeyId, secretAccessKey, close };
}
