import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createDatabase, hashPassword, schema } from '@sentinel/db';
import { createCase, createFirm } from '@sentinel/db/factories';
import { repoRoot, startServerProcess, type ServerProcess } from './lib';

/**
 * People for the load benchmarks (mixed-load.ts, instances.ts), written straight to the
 * database: firms, each with attorneys and clients, a case per client (its lead attorney taken in
 * turn, its case thread made as the app makes it), and a few calendar events per person. They
 * sign in through the API with PASSWORD (one argon2 hash shared by all, made once).
 */
export const PASSWORD = 'Bench-Load-2026!';

export interface BenchPerson {
  email: string;
  userId: string;
  firmId: string;
  userType: 'attorney' | 'client';
  /** Cases this person sees (the firm's for an attorney, their own for a client). */
  caseIds: string[];
  /** Case threads this person takes part in (the cases they lead, or their own). */
  threadIds: string[];
}

export async function seedPeople(
  url: string,
  options: { firms: number; attorneysPerFirm: number; clientsPerFirm: number; tag?: string },
): Promise<BenchPerson[]> {
  const database = await createDatabase({ url, poolMax: 4 });
  const db = database.db;
  const tag = options.tag ?? randomUUID().slice(0, 6);
  try {
    const passwordHash = await hashPassword(PASSWORD);
    const people: BenchPerson[] = [];
    for (let f = 0; f < options.firms; f += 1) {
      const firm = await createFirm(db, { name: `Load Bench ${f} LLP` });
      const person = async (userType: 'attorney' | 'client', index: number) => {
        const [user] = await db
          .insert(schema.users)
          .values({
            email: `${userType}-${f}-${index}-${tag}@load.bench.test`,
            passwordHash,
            firstName: userType === 'attorney' ? 'Avery' : 'Client',
            lastName: `${f}-${index}`,
            timeZone: 'America/New_York',
          })
          .returning({ id: schema.users.id, email: schema.users.email });
        await db
          .insert(schema.memberships)
          .values({ firmId: firm.id, userId: user!.id, userType, status: 'active' });
        const row: BenchPerson = {
          email: user!.email,
          userId: user!.id,
          firmId: firm.id,
          userType,
          caseIds: [],
          threadIds: [],
        };
        people.push(row);
        return row;
      };
      const attorneys: BenchPerson[] = [];
      for (let a = 0; a < options.attorneysPerFirm; a += 1) attorneys.push(await person('attorney', a));
      const firmCases: string[] = [];
      for (let c = 0; c < options.clientsPerFirm; c += 1) {
        const client = await person('client', c);
        const lead = attorneys[c % attorneys.length]!;
        await db
          .insert(schema.clientProfiles)
          .values({ userId: client.userId, firmId: firm.id, leadAttorneyId: lead.userId });
        const kase = await createCase(db, {
          firmId: firm.id,
          clientId: client.userId,
          leadAttorneyId: lead.userId,
          title: `Water damage claim ${f}-${c}`,
        });
        const [thread] = await db
          .select({ id: schema.conversations.id })
          .from(schema.conversations)
          .where(and(eq(schema.conversations.caseId, kase.id), eq(schema.conversations.kind, 'case')));
        firmCases.push(kase.id);
        client.caseIds.push(kase.id);
        if (thread) {
          client.threadIds.push(thread.id);
          lead.threadIds.push(thread.id);
        }
      }
      for (const attorney of attorneys) attorney.caseIds.push(...firmCases);
    }
    // A few meetings over the next weeks for each person, so the calendar range has something.
    const now = Date.now();
    const events = people.flatMap((p) =>
      [1, 4, 9].map((days, i) => ({
        firmId: p.firmId,
        ownerId: p.userId,
        caseId: p.caseIds[0] ?? null,
        title: `Inspection ${i + 1}`,
        startsAt: new Date(now + days * 86_400_000),
        endsAt: new Date(now + days * 86_400_000 + 3_600_000),
        timeZone: 'America/New_York',
      })),
    );
    for (let at = 0; at < events.length; at += 500)
      await db.insert(schema.calendarEvents).values(events.slice(at, at + 500));
    return people;
  } finally {
    await database.close();
  }
}

/**
 * The server's entry as `npm start` runs it: compiled by apps/server/build-server.mjs (as
 * scripts/start.mjs does at every start) — or, with 'tsx', its TypeScript through tsx as before.
 */
export function serverEntry(kind: 'compiled' | 'tsx' = 'compiled'): string[] {
  if (kind === 'tsx') return ['--import', 'tsx', 'apps/server/src/main.ts'];
  const built = spawnSync(process.execPath, ['apps/server/build-server.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`compiling the server failed: ${built.stderr}`);
  return [built.stdout.trim()];
}

/**
 * Starts the server as `npm start` runs it (scripts/start.mjs: Node with its flags, the compiled
 * server) on PostgreSQL, production mode, on 127.0.0.1:`port`; `env` adds or overrides.
 */
export function startProductionServer(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  appSecret: string;
  env?: Record<string, string | undefined>;
  /** What Node runs after its flags (`serverEntry()` when absent). */
  entry?: string[];
  /** Node's flags instead of scripts/start.mjs's. */
  flags?: string[];
}): ServerProcess {
  return startServerProcess([...(options.flags ?? SERVER_NODE_FLAGS), ...(options.entry ?? serverEntry())], {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    APP_SECRET: options.appSecret,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'never',
    PROVIDER_SANDBOX: 'off',
    ...options.env,
  });
}

/** `--max-semi-space-size=32`, as scripts/start.mjs gives the server. */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Where the server's memory is, from its /metrics (this machine may read them): MB. */
export async function memoryOf(base: string) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const mb = (pattern: RegExp) =>
    Math.round((Number(pattern.exec(text)?.[1] ?? NaN) / 1024 / 1024) * 10) / 10;
  return {
    heapUsed: mb(/^nodejs_heap_size_used_bytes (\S+)$/m),
    heapTotal: mb(/^nodejs_heap_size_total_bytes (\S+)$/m),
    newSpace: mb(/^nodejs_heap_space_size_total_bytes\{space="new"\} (\S+)$/m),
    oldSpace: mb(/^nodejs_heap_space_size_total_bytes\{space="old"\} (\S+)$/m),
    codeSpace: mb(/^nodejs_heap_space_size_total_bytes\{space="code"\} (\S+)$/m),
    external: mb(/^nodejs_external_memory_bytes (\S+)$/m),
  };
}
