import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// ./data at the repository root, whichever folder npm starts the server from
const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

// The only file that reads process.env (DESIGN.md).
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  AULA_DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  AULA_PUBLIC_URL: z.string().url().optional(),
  AULA_DEMO: z.enum(['0', '1']).default('1'),
  AULA_DEMO_PASSWORD: z.string().min(1).optional(),
  AULA_WEB_DIST: z.string().optional(),
  // outgoing mail (reset codes): smtp://user:pass@host:587 or smtps://…; without it mails go to the outbox table
  AULA_SMTP_URL: z.string().url().optional(),
  AULA_MAIL_FROM: z.string().default('Aula <aula@localhost>'),
  // 64 hex characters (32 bytes) encrypting TOTP seeds; without it a key is created in AULA_DATA_DIR/secret.key
  AULA_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .optional(),
  // behind a reverse proxy: its address(es) or CIDR ranges, comma-separated, so sign-in limits see the real client address
  AULA_TRUST_PROXY: z.string().optional(),
  // set by `node --env-file=thread-pool.env` before libuv starts (decision 044); read here only to warn when missing
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
});
export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return EnvSchema.parse(source);
}
