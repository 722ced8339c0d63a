import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '@sentinel/db';
import { buildApp } from './app';
import { CLEANUP_JOB } from './modules/documents/storage-cleanup';
import { DEADLINES_RESYNC_JOB } from './modules/deadlines/resync';
import { PRIVACY_CLEANUP_JOB } from './modules/leads/privacy-cleanup';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './database';
import { openWhenReachable } from './wait-for-database';
import { assertDurable } from './platform/durability';
import { serveBackups } from './platform/backup';
import { demoLoginsText, isEmpty, seedDemoFirm } from './demo/demo-firm';
import { withDemoDocuments } from './demo/demo-documents';
import { connectDemoMailboxes } from './demo/demo-mail';
import { REMINDER_SCAN_MS } from './modules/calendar/reminders';
import { DIGEST_SCAN_MS } from './modules/notifications/digest';
import { enqueueDueSyncs } from './modules/emails/mail-sync-jobs';
import { WORKFLOW_DISPATCH_MS, WORKFLOW_SCAN_MS } from './modules/workflows/engine';

/** Reads the configuration, opens and migrates the database, listens, and shuts down gracefully. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // A PostgreSQL that may lose commits is refused; one not reachable yet is waited for.
  const database = await openWhenReachable(config, () => openDatabase(config).then(assertDurable));
  const seed =
    config.demoSeed === 'always' ||
    (config.demoSeed === 'auto' && database.kind === 'embedded' && (await isEmpty(database.db)));
  const seeded = seed
    ? await withDemoDocuments(config, (documents) => seedDemoFirm(database.db, { documents }))
    : false;

  const app = await buildApp({ config, database });
  // `npm run backup` asks the running server for a consistent snapshot of the embedded database.
  const stopBackups =
    database.kind === 'embedded'
      ? await serveBackups(database, config.dataDir, (message, err) => app.log.warn({ err }, message))
      : async () => undefined;

  // Shutting down: what start-up still has in hand ends first, then app.close() stops the jobs,
  // the analysis workers and the live channel and writes the pending audit rows, and only then
  // do the backups and the database close. (They are not onClose hooks: Fastify runs those
  // last-registered first, which closed the database before the jobs had stopped.)
  let closing = false;
  let startingUp: Promise<void> = Promise.resolve();
  closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
    closing = true;
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await startingUp.catch(() => undefined);
    await app.close();
    await stopBackups();
    await database.close();
  });

  await app.listen({ host: config.host, port: config.port });
  // A signal may come while listen() returns: then nothing more is started.
  if (closing) return;
  startingUp = startBackgroundWork(app, database);
  await startingUp;
  if (closing) return;
  const dataNote = database.kind === 'embedded' ? `embedded database in ${config.dataDir}/db` : 'PostgreSQL';
  console.log(`\nSentinel is running at ${config.publicUrl} (${dataNote}; outbox ${config.dataDir}/outbox)`);
  if (seeded || (database.kind === 'embedded' && config.demoSeed !== 'never'))
    console.log(demoLoginsText(config.publicUrl));
}

/**
 * The work that starts once the server listens: the job queue, the schedules of the background
 * work, and the demo attorney's sandbox mailboxes.
 */
async function startBackgroundWork(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  const { config } = app;
  // Background jobs run in this process; document analysis in its worker threads.
  app.jobs.start();
  // Deadlines on the calendar computed under rules this build changed are recomputed.
  await app.jobs.enqueue(database.db, DEADLINES_RESYNC_JOB, {});
  // Hourly: interrupted uploads' leftovers, and IP addresses kept longer than they serve.
  const cleanup = async () => {
    await app.jobs.enqueue(database.db, CLEANUP_JOB, {});
    await app.jobs.enqueue(database.db, PRIVACY_CLEANUP_JOB, {});
  };
  await cleanup();
  setInterval(() => void cleanup().catch(() => undefined), 60 * 60 * 1000).unref();
  // Connected mailboxes sync every MAIL_SYNC_MINUTES (the schedule is checked each minute).
  const { mailSyncSeconds } = config.providers;
  const syncDue = () => enqueueDueSyncs(database.db, app.jobs, { olderThanSeconds: mailSyncSeconds });
  setInterval(
    () => void syncDue().catch((err: unknown) => app.log.warn({ err }, 'mail sync schedule')),
    60_000,
  ).unref();
  // Calendar reminders go out as they fall due (and, after downtime, at once, marked late).
  const deliverReminders = () => app.services.reminders.deliverDue();
  await deliverReminders().catch((err: unknown) => app.log.warn({ err }, 'reminder delivery'));
  setInterval(
    () => void deliverReminders().catch((err: unknown) => app.log.warn({ err }, 'reminder delivery')),
    REMINDER_SCAN_MS,
  ).unref();
  // Workflows: new events are handed to the engine every second (runs go to the job queue); the
  // time-based triggers (deadlines near, cases without activity) are looked for every minute.
  const { workflowEngine } = app.services;
  let dispatching = false;
  setInterval(() => {
    if (dispatching) return;
    dispatching = true;
    void workflowEngine
      .dispatch()
      .catch((err: unknown) => app.log.warn({ err }, 'workflow dispatch'))
      .finally(() => {
        dispatching = false;
      });
  }, WORKFLOW_DISPATCH_MS).unref();
  const scanWorkflows = () =>
    workflowEngine.scan().catch((err: unknown) => app.log.warn({ err }, 'workflow scan'));
  // The first look runs at once but is not awaited: a large firm's scan does not hold up what starts after it.
  void scanWorkflows();
  setInterval(() => void scanWorkflows(), WORKFLOW_SCAN_MS).unref();
  // Notifications left unread for 15 minutes go out as an e-mail digest (Settings turns it off).
  setInterval(
    () =>
      void app.services.digest
        .sendDue()
        .catch((err: unknown) => app.log.warn({ err }, 'notification digest')),
    DIGEST_SCAN_MS,
  ).unref();
  // The demo attorney's sandbox mailboxes are connected and synced, once.
  if (app.providerSandbox) {
    await connectDemoMailboxes(app, app.providerSandbox).catch((err: unknown) =>
      app.log.warn({ err }, 'demo mailboxes not connected'),
    );
  }
}

main().catch((error: unknown) => {
  console.error('Sentinel failed to start:', error);
  process.exit(1);
});
