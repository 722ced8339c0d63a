import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { DatabaseHandle } from '@sentinel/db';
import { createUser, type UserFactoryInput } from '@sentinel/db/factories';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createTestDatabase } from './test-database';
import { TEST_APP_SECRET, TEST_LOG_DIR } from './test-logs';

export const TEST_PUBLIC_URL = 'http://sentinel.test';
export { TEST_APP_SECRET };

export interface TestContext {
  app: FastifyInstance;
  /** The app's database, connected as the app role (on PostgreSQL: neither superuser nor owner). */
  database: DatabaseHandle;
  /** The same database as the tables' owner, for what the app may not do (the embedded one: the same). */
  owner: DatabaseHandle;
  config: Config;
  /** Every log line the app wrote, as text. */
  logs: string[];
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real app on a fresh database for one test file. Limits are generous unless a test
 * sets them, so that only the limiter tests meet them.
 */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sentinel-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_SECRET: TEST_APP_SECRET,
    PUBLIC_URL: TEST_PUBLIC_URL,
    LOG_LEVEL: 'info',
    API_RATE_LIMIT: 'off',
    LOGIN_LIMIT_PER_ACCOUNT: '1000/15m',
    LOGIN_LIMIT_PER_IP: '10000/15m',
    RESET_LIMIT_PER_ACCOUNT: '1000/1h',
    RESET_LIMIT_PER_IP: '10000/1h',
    SIGNUP_LIMIT_PER_IP: '10000/1h',
    LEADS_LIMIT_PER_IP: '10000/1h',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...env,
  });
  const { database, owner } = await createTestDatabase(inject('dbTemplate'));
  const logs: string[] = [];
  // Also to a file, which scripts/check-test-logs.ts searches after the run for planted secrets.
  await mkdir(TEST_LOG_DIR, { recursive: true });
  const logFile = createWriteStream(
    path.join(TEST_LOG_DIR, `${process.pid}-${randomBytes(4).toString('hex')}.log`),
  );
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      // Lines written after the context closed (a late flush) stay in `logs` only.
      if (logFile.writableEnded) callback();
      else logFile.write(chunk, callback);
    },
  });
  const app = await buildApp({ config, database, logStream });
  await app.ready();
  return {
    app,
    database,
    owner,
    config,
    logs,
    dataDir,
    close: async () => {
      await app.close();
      await new Promise((resolve) => logFile.end(resolve));
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The test file's app and database: built before its first test, closed after its last. The
 * returned object reads through to that context, so tests use it as `ctx.app`, `ctx.database`.
 */
export function useTestContext(env: Record<string, string> = {}): TestContext {
  let built: TestContext | undefined;
  beforeAll(async () => {
    built = await createTestContext(env);
  });
  afterAll(() => built?.close());
  return new Proxy({} as TestContext, {
    get(_target, key: keyof TestContext) {
      if (!built) throw new Error('the test context is built in beforeAll: use it inside a hook or test');
      return built[key];
    },
  });
}

export const makeUser = (ctx: TestContext, input: UserFactoryInput = {}) =>
  createUser(ctx.database.db, input);

/** The value of the refresh cookie a response set, if any. */
export function refreshCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((c) => c.name === 'sentinel_refresh' && c.value)?.value;
}

export async function login(ctx: TestContext, email: string, password: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
  });
  return { response, body: response.json(), refresh: refreshCookieOf(response) };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The messages in the outbox, newest last, parsed just enough for tests. */
export async function outbox(ctx: TestContext): Promise<Array<{ to: string; subject: string; raw: string }>> {
  await ctx.app.mailer.idle();
  const dir = path.join(ctx.dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(dir, file), 'utf8');
      return {
        raw,
        to: /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
        subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '',
      };
    }),
  );
}

/** The reset link of the newest reset e-mail to `to` (quoted-printable soft breaks undone). */
export async function resetTokenFor(ctx: TestContext, to: string): Promise<string> {
  const mails = (await outbox(ctx)).filter((m) => m.to.includes(to) && m.subject.startsWith('Reset'));
  const raw = mails
    .at(-1)
    ?.raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = raw && /reset-password\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
  if (!token) throw new Error(`no reset e-mail for ${to}`);
  return token;
}

/** The token of the newest sign-up link mailed to `to` (quoted-printable soft breaks undone). */
export async function signUpTokenFor(ctx: TestContext, to: string): Promise<string> {
  const mails = (await outbox(ctx)).filter((m) => m.to.includes(to) && m.subject.startsWith('Finish'));
  const raw = mails
    .at(-1)
    ?.raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const token = raw && /verify-email\?token=([A-Za-z0-9_-]+)/.exec(raw)?.[1];
  if (!token) throw new Error(`no sign-up e-mail for ${to}`);
  return token;
}

/**
 * Signs up as a person would: POST /api/auth/register, then the link of the e-mail with the
 * password (POST /api/auth/verify-email). Answers the verification, which carries the session.
 */
export async function signUp(
  ctx: TestContext,
  payload: { email: string; password: string } & Record<string, unknown>,
) {
  const registered = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload });
  if (registered.statusCode !== 202) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const token = await signUpTokenFor(ctx, payload.email.toLowerCase());
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token, password: payload.password },
  });
}
