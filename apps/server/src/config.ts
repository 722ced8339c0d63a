import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads, validated once at boot. A bad environment fails with one error
 * that lists every bad variable (see README "Configuration").
 */

const rateLimit = z
  .string()
  .regex(/^(\d+)\/(\d+)(s|m|h)$/, 'expected COUNT/WINDOW, e.g. 5/15m, 200/15m or 20/1h')
  .transform((value) => {
    const [, count, amount, unit] = /^(\d+)\/(\d+)(s|m|h)$/.exec(value)!;
    const seconds = Number(amount) * ({ s: 1, m: 60, h: 3600 } as const)[unit as 's' | 'm' | 'h'];
    return { max: Number(count), windowSeconds: seconds };
  });
export type RateLimitSetting = z.output<typeof rateLimit>;

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// connection string')
    .optional(),
  DATABASE_ADMIN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// connection string')
    .optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'expected smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sentinel <no-reply@sentinel.localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false'),
  WEB_DIST_DIR: z.string().optional(),
  DEMO_SEED: z.enum(['auto', 'always', 'never']).default('auto'),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  API_RATE_LIMIT: z.union([z.literal('off'), rateLimit]).prefault('600/1m'),
  LOGIN_LIMIT_PER_ACCOUNT: rateLimit.prefault('5/15m'),
  LOGIN_LIMIT_PER_IP: rateLimit.prefault('300/15m'),
  RESET_LIMIT_PER_ACCOUNT: rateLimit.prefault('5/1h'),
  RESET_LIMIT_PER_IP: rateLimit.prefault('100/1h'),
  SIGNUP_LIMIT_PER_IP: rateLimit.prefault('50/1h'),
  LEADS_LIMIT_PER_IP: rateLimit.prefault('20/1h'),
  SERVE_API_DOCS: booleanFlag.optional(),
  ANALYSIS_LLM_URL: z.url().optional(),
  ANALYSIS_LLM_MODEL: z.string().min(1).optional(),
  ANALYSIS_LLM_API_KEY: z.string().min(1).optional(),
  DOCUMENT_MAX_MB: z.coerce.number().positive().max(2048).default(50),
  UPLOAD_MIN_RATE: rateLimit.prefault('122880/30s'),
  CLAMD_URL: z
    .string()
    .regex(/^(tcp:\/\/[^/]+|unix:\/\/\/.+)$/, 'expected tcp://host:port or unix:///path/to/clamd.ctl')
    .optional(),
  ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  ANALYSIS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  ANALYSIS_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).default(512),
  S3_BUCKET: z.string().min(3).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'expected common, organizations, consumers or a tenant id')
    .default('common'),
  PROVIDER_SANDBOX: z.enum(['auto', 'off']).default('auto'),
  PROVIDER_SANDBOX_URL: z.url().optional(),
  MAIL_SYNC_MINUTES: z.coerce.number().positive().max(1440).default(5),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where users reach the app; links in e-mails are built from it, never from the Host header. */
  publicUrl: string;
  dataDir: string;
  /** The app's connection: a role that is neither superuser nor owner (see databaseAdminUrl). */
  databaseUrl?: string;
  /**
   * The owner's connection, which migrates and grants the app role its rights. Absent: DATABASE_URL
   * is the owner's, and the app's queries run as a role the server sets up (database.ts).
   */
  databaseAdminUrl?: string;
  appSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  /** Passed to Fastify's trustProxy: false, true, a hop count or a list of addresses. */
  trustProxy: boolean | number | string;
  webDistDir: string;
  demoSeed: 'auto' | 'always' | 'never';
  shutdownGraceMs: number;
  sessionIdleSeconds: number;
  sessionMaxSeconds: number;
  apiRateLimit: RateLimitSetting | 'off';
  limits: {
    loginPerAccount: RateLimitSetting;
    loginPerIp: RateLimitSetting;
    resetPerAccount: RateLimitSetting;
    resetPerIp: RateLimitSetting;
    signupPerIp: RateLimitSetting;
    leadsPerIp: RateLimitSetting;
  };
  serveApiDocs: boolean;
  /** Largest upload on the documents screen (the AI upload's 20 MB is the spec's, in shared). */
  documentMaxBytes: number;
  /** ClamAV's daemon, asked about every file before it is stored; none when unset. */
  clamdUrl?: string;
  /** An upload bringing fewer bytes than this in any window is cut off (408). */
  uploadMinRate: { bytesPerSecond: number; windowSeconds: number };
  /**
   * Document analysis in worker threads: how many at once (default: one fewer than the CPUs,
   * between 1 and 4, so the event loop keeps a core), and each one's time and heap limit.
   */
  analysis: { concurrency: number; timeoutMs: number; memoryMb: number };
  /** An OpenAI-compatible chat-completions endpoint asked first; the local analyzer otherwise. */
  analysisLlm?: { url: string; model: string; apiKey?: string };
  /** An S3-compatible bucket for documents; absent means DATA_DIR/files. */
  s3?: {
    bucket: string;
    endpoint?: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
  /**
   * The Bearer token GET /metrics asks for; without it /metrics answers only requests made on
   * this machine (a loopback peer, not forwarded by a proxy).
   */
  metricsToken?: string;
  /** Google and Microsoft (issue 10): real credentials, or the provider sandbox in their place. */
  providers: ProvidersConfig;
}

/**
 * Each provider is either real (its client id and secret are set), the sandbox (no credentials,
 * not production, PROVIDER_SANDBOX not off) or off. The sandbox is mounted in this process at
 * /sandbox unless PROVIDER_SANDBOX_URL names one running elsewhere (tests, e2e).
 */
export interface ProvidersConfig {
  google: { mode: 'real'; clientId: string; clientSecret: string } | { mode: 'sandbox' } | { mode: 'off' };
  microsoft:
    | { mode: 'real'; clientId: string; clientSecret: string; tenant: string }
    | { mode: 'sandbox' }
    | { mode: 'off' };
  /** Where the sandbox answers, when a provider uses it. */
  sandbox: { baseUrl: string; mounted: boolean } | null;
  /** How often connected mailboxes sync, in seconds. */
  mailSyncSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'false' || value === '') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * The development secret lives in DATA_DIR so sessions survive a restart; production must set
 * APP_SECRET (checked above).
 */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (source.NODE_ENV === 'production') {
    if (!source.APP_SECRET) problems.push('APP_SECRET: is required in production');
    if (!source.PUBLIC_URL) problems.push('PUBLIC_URL: is required in production');
  }
  if (source.DATABASE_ADMIN_URL && !source.DATABASE_URL)
    problems.push('DATABASE_ADMIN_URL: needs DATABASE_URL (the app role’s connection) beside it');
  const providers = parsed.success ? providersConfig(parsed.data, problems) : undefined;
  if (!parsed.success || !providers || problems.length > 0) throw new ConfigError(problems);
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databaseAdminUrl: env.DATABASE_ADMIN_URL,
    appSecret: env.APP_SECRET ?? developmentSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    // Production never gets the demo firm (the README's passwords) unless asked for by name.
    demoSeed: env.NODE_ENV === 'production' && env.DEMO_SEED === 'auto' ? 'never' : env.DEMO_SEED,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    sessionIdleSeconds: Math.round(env.SESSION_IDLE_HOURS * 3600),
    sessionMaxSeconds: Math.round(env.SESSION_MAX_DAYS * 86400),
    apiRateLimit: env.API_RATE_LIMIT,
    limits: {
      loginPerAccount: env.LOGIN_LIMIT_PER_ACCOUNT,
      loginPerIp: env.LOGIN_LIMIT_PER_IP,
      resetPerAccount: env.RESET_LIMIT_PER_ACCOUNT,
      resetPerIp: env.RESET_LIMIT_PER_IP,
      signupPerIp: env.SIGNUP_LIMIT_PER_IP,
      leadsPerIp: env.LEADS_LIMIT_PER_IP,
    },
    serveApiDocs: env.SERVE_API_DOCS ?? env.NODE_ENV !== 'production',
    documentMaxBytes: Math.round(env.DOCUMENT_MAX_MB * 1024 * 1024),
    clamdUrl: env.CLAMD_URL,
    uploadMinRate: {
      bytesPerSecond: env.UPLOAD_MIN_RATE.max / env.UPLOAD_MIN_RATE.windowSeconds,
      windowSeconds: env.UPLOAD_MIN_RATE.windowSeconds,
    },
    analysis: {
      concurrency: env.ANALYSIS_CONCURRENCY ?? Math.max(1, Math.min(4, os.availableParallelism() - 1)),
      timeoutMs: env.ANALYSIS_TIMEOUT_SECONDS * 1000,
      memoryMb: env.ANALYSIS_MEMORY_MB,
    },
    analysisLlm: env.ANALYSIS_LLM_URL
      ? {
          url: env.ANALYSIS_LLM_URL.replace(/\/+$/, ''),
          model: env.ANALYSIS_LLM_MODEL ?? 'gpt-4o-mini',
          apiKey: env.ANALYSIS_LLM_API_KEY,
        }
      : undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
        }
      : undefined,
    metricsToken: env.METRICS_TOKEN,
    providers,
  };
}

function providersConfig(env: z.output<typeof envSchema>, problems: string[]): ProvidersConfig {
  const sandboxAllowed = env.NODE_ENV !== 'production' && env.PROVIDER_SANDBOX === 'auto';
  const pick = (id: string | undefined, secret: string | undefined, name: 'GOOGLE' | 'MICROSOFT') => {
    if (id && secret) return 'real' as const;
    if (id || secret) problems.push(`${name}_CLIENT_ID and ${name}_CLIENT_SECRET: set both or neither`);
    return sandboxAllowed ? ('sandbox' as const) : ('off' as const);
  };
  const google = pick(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, 'GOOGLE');
  const microsoft = pick(env.MICROSOFT_CLIENT_ID, env.MICROSOFT_CLIENT_SECRET, 'MICROSOFT');
  const usesSandbox = google === 'sandbox' || microsoft === 'sandbox';
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  return {
    google:
      google === 'real'
        ? { mode: 'real', clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET! }
        : { mode: google },
    microsoft:
      microsoft === 'real'
        ? {
            mode: 'real',
            clientId: env.MICROSOFT_CLIENT_ID!,
            clientSecret: env.MICROSOFT_CLIENT_SECRET!,
            tenant: env.MICROSOFT_TENANT,
          }
        : { mode: microsoft },
    sandbox: usesSandbox
      ? env.PROVIDER_SANDBOX_URL
        ? { baseUrl: env.PROVIDER_SANDBOX_URL.replace(/\/+$/, ''), mounted: false }
        : { baseUrl: `${publicUrl}/sandbox`, mounted: true }
      : null,
    mailSyncSeconds: Math.round(env.MAIL_SYNC_MINUTES * 60),
  };
}
