import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import path from 'node:path';
import type { Database, DatabaseHandle } from '@sentinel/db';
import { MESSAGES } from '@sentinel/shared';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { authRoutes } from './modules/auth/auth.routes';
import { createAuthGuard } from './modules/auth/auth.guard';
import { AuthService } from './modules/auth/auth.service';
import { deviceCookies, type DeviceCookies } from './modules/auth/device-cookie';
import { refreshCookie, type RefreshCookie } from './modules/auth/refresh-cookie';
import type { Account, Principal } from './modules/auth/principal';
import { SessionsService } from './modules/auth/sessions.service';
import { MfaService } from './modules/auth/mfa.service';
import { securityRoutes } from './modules/auth/security.routes';
import { tokensRoutes } from './modules/auth/tokens.routes';
import { healthRoutes } from './modules/health/health.routes';
import { leadsRoutes } from './modules/leads/leads.routes';
import { LeadsService } from './modules/leads/leads.service';
import { MembershipsService } from './modules/memberships/memberships.service';
import { membershipsRoutes } from './modules/memberships/memberships.routes';
import { FirmService } from './modules/firm/firm.service';
import { firmRoutes } from './modules/firm/firm.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { casesRoutes } from './modules/cases/cases.routes';
import { CasesService } from './modules/cases/cases.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { documentsRoutes } from './modules/documents/documents.routes';
import { ANALYSIS_JOB, DocumentAnalysisService } from './modules/documents/analysis.service';
import { DocumentsService } from './modules/documents/documents.service';
import { DocumentUploadsService } from './modules/documents/uploads.service';
import { uploadTmpDir } from './modules/documents/upload';
import { withLlm } from './modules/documents/llm-analyzer';
import { AnalysisPool } from './modules/documents/analysis-pool';
import { localAnalyzer } from './modules/documents/local-analyzer';
import { SignedUrls } from './modules/documents/signed-urls';
import { CLEANUP_JOB, storageCleanup } from './modules/documents/storage-cleanup';
import { JobQueue, type JobHandler } from './platform/jobs';
import { ClamdScanner } from './platform/malware-scanner';
import { providerRuntime, type ProviderRuntime } from './integrations/settings';
import { ConnectionsService } from './modules/connections/connections.service';
import { oauthRoutes, providerTokensRoutes } from './modules/connections/connections.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { CalendarService } from './modules/calendar/calendar.service';
import { ProviderCalendarService } from './modules/calendar/provider-calendar.service';
import { DeadlinesService } from './modules/deadlines/deadlines.service';
import { deadlinesRoutes } from './modules/deadlines/deadlines.routes';
import { TimelineService } from './modules/timeline/timeline.service';
import { timelineRoutes } from './modules/timeline/timeline.routes';
import { WorkflowsService } from './modules/workflows/workflows.service';
import { workflowsRoutes } from './modules/workflows/workflows.routes';
import { WORKFLOW_RUN_JOB, WorkflowEngine } from './modules/workflows/engine';
import { NegotiationsService } from './modules/negotiations/negotiations.service';
import { negotiationsRoutes } from './modules/negotiations/negotiations.routes';
import { ExpertsService } from './modules/experts/experts.service';
import { expertsRoutes } from './modules/experts/experts.routes';
import { DEADLINES_RESYNC_JOB, deadlinesResyncJob } from './modules/deadlines/resync';
import { PRIVACY_CLEANUP_JOB, privacyCleanup } from './modules/leads/privacy-cleanup';
import { REMINDER_MAIL_JOB, ReminderDelivery } from './modules/calendar/reminders';
import { ProviderTokens } from './modules/connections/provider-tokens';
import { EmailsService } from './modules/emails/emails.service';
import { NotificationsService } from './modules/notifications/notifications.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { DIGEST_MAIL_JOB, NotificationDigest } from './modules/notifications/digest';
import { AWAY_REPLY_JOB, ConversationsService } from './modules/conversations/conversations.service';
import { conversationsRoutes } from './modules/conversations/conversations.routes';
import { liveRoutes } from './modules/live/live.routes';
import { LiveHub } from './platform/realtime';
import { emailsRoutes } from './modules/emails/emails.routes';
import { MailSync } from './modules/emails/mail-sync';
import { MAIL_SYNC_JOB } from './modules/emails/mail-sync-jobs';
import { SecretBox } from './platform/secret-box';
import { registerIdempotency } from './platform/idempotency';
import { mountedSandbox } from './demo/demo-mail';
import type { ProviderSandbox } from '@sentinel/provider-sandbox';
import { blobStoreFor } from './platform/storage/blob-store-for';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { AnalyticsService } from './modules/analytics/analytics.service';
import { ProfileService } from './modules/profile/profile.service';
import { AccessTokens } from './platform/access-tokens';
import { createCrossSiteGuard } from './platform/csrf';
import { ReadAudit } from './platform/audit';
import { AppError, installErrorHandler } from './platform/errors';
import { FirmCache } from './platform/firm-cache';
import { deferredChildLogger, loggerOptions } from './platform/logger';
import { Mailer } from './platform/mailer';
import { registerMetrics } from './platform/metrics';
import { registerOpenApi } from './platform/openapi';
import { registerInputGuard } from './platform/input-guard';
import { registerSecurityHeaders } from './platform/security-headers';
import { ClientsService } from './modules/clients/clients.service';
import { clientsRoutes } from './modules/clients/clients.routes';
import { installAccessControl, type RouteAccess } from './modules/auth/access';
import { sharedRateLimitStore, Throttle } from './platform/throttle';
import { registerWebApp } from './platform/web-app';

export interface Services {
  auth: AuthService;
  sessions: SessionsService;
  mfa: MfaService;
  profile: ProfileService;
  firm: FirmService;
  memberships: MembershipsService;
  clients: ClientsService;
  cases: CasesService;
  dashboard: DashboardService;
  analytics: AnalyticsService;
  documents: DocumentsService;
  documentUploads: DocumentUploadsService;
  documentAnalysis: DocumentAnalysisService;
  leads: LeadsService;
  connections: ConnectionsService;
  emails: EmailsService;
  mailSync: MailSync;
  calendar: CalendarService;
  providerCalendars: ProviderCalendarService;
  deadlines: DeadlinesService;
  timeline: TimelineService;
  workflows: WorkflowsService;
  workflowEngine: WorkflowEngine;
  negotiations: NegotiationsService;
  experts: ExpertsService;
  reminders: ReminderDelivery;
  notifications: NotificationsService;
  conversations: ConversationsService;
  digest: NotificationDigest;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Database;
    services: Services;
    mailer: Mailer;
    throttle: Throttle;
    accessTokens: AccessTokens;
    refreshCookie: RefreshCookie;
    deviceCookies: DeviceCookies;
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    refuseCrossSite: (request: FastifyRequest) => Promise<void>;
    /** Every /api route with its declared access (see modules/auth/access.ts). */
    routeAccess: RouteAccess[];
    /** Background jobs (document analysis, clean-up); main.ts starts the worker. */
    jobs: JobQueue;
    /** Google and Microsoft: adapters, redirect URIs, sandbox or real (integrations/settings.ts). */
    providers: ProviderRuntime;
    /** The live channel's connections on this instance, fed by PostgreSQL LISTEN (platform/realtime.ts). */
    live: LiveHub;
    /** The provider sandbox mounted at /sandbox (npm start without credentials), or null. */
    providerSandbox: ProviderSandbox | null;
  }
  interface FastifyRequest {
    /** The signed-in person (set by the auth guard). */
    account?: Account;
    /** The signed-in person acting in a firm (set by the auth guard when the session has one). */
    principal?: Principal;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Log to this stream instead of stdout (tests capture logs to check they hold no secrets). */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole application. Tests build it too and talk to it through `app.inject`. */
export async function buildApp({ config, database, logStream }: AppOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: loggerOptions(config.logLevel, logStream),
    childLoggerFactory: deferredChildLogger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  };
  const app = Fastify(options);

  // Only JSON bodies: a CORS-simple text/plain body is refused (415) before any route sees it.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const db = database.db;
  const mailer = new Mailer(
    { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir },
    app.log,
  );
  const throttle = new Throttle(db);
  const accessTokens = new AccessTokens(config.appSecret);
  const sessions = new SessionsService(db, accessTokens, {
    idleSeconds: config.sessionIdleSeconds,
    maxSeconds: config.sessionMaxSeconds,
  });
  const readAudit = new ReadAudit(db, (error) =>
    app.log.error({ err: error }, 'read audit rows not written'),
  );
  const firmCache = new FirmCache();
  const store = blobStoreFor(config);
  const jobHandlers: Record<string, JobHandler> = {};
  const analysisPool = new AnalysisPool(config.analysis);
  const jobs = new JobQueue(database, app.log, jobHandlers);
  const providers = providerRuntime(config);
  const tokenBox = new SecretBox(config.appSecret, 'provider-tokens');
  const providerTokens = new ProviderTokens(db, tokenBox, providers.background, app.log);
  const documentUploads = new DocumentUploadsService(
    db,
    store,
    jobs,
    config.clamdUrl
      ? {
          scanner: new ClamdScanner(config.clamdUrl),
          quarantineDir: path.join(config.dataDir, 'quarantine'),
        }
      : undefined,
  );
  const connections = new ConnectionsService(db, providers, tokenBox, jobs, app.log);
  const emails = new EmailsService(
    db,
    database,
    jobs,
    providers.adapters,
    providerTokens,
    (principal, received, context) => documentUploads.upload(principal, received, context),
    { tmpDir: uploadTmpDir(config.dataDir), maxBytes: config.documentMaxBytes },
  );
  const mailSync = new MailSync(db, providers.background, providerTokens, app.log);
  const reminders = new ReminderDelivery(db, jobs, mailer, config.publicUrl, app.log);
  const mfa = new MfaService(db, sessions, throttle, mailer, {
    appSecret: config.appSecret,
    publicUrl: config.publicUrl,
    sessionIdleSeconds: config.sessionIdleSeconds,
  });
  const services: Services = {
    connections,
    emails,
    mailSync,
    reminders,
    calendar: new CalendarService(
      db,
      mailer,
      new SecretBox(config.appSecret, 'calendar-feeds'),
      config.publicUrl,
    ),
    providerCalendars: new ProviderCalendarService(db, providers.adapters, providerTokens),
    deadlines: new DeadlinesService(db, firmCache),
    timeline: new TimelineService(db, readAudit, firmCache),
    workflows: new WorkflowsService(db, readAudit, firmCache),
    workflowEngine: new WorkflowEngine(db, jobs, mailer, firmCache, app.log),
    negotiations: new NegotiationsService(db, readAudit, firmCache),
    experts: new ExpertsService(db, mailer, config, readAudit, firmCache),
    sessions,
    mfa,
    auth: new AuthService(db, sessions, throttle, mailer, config, firmCache, mfa),
    profile: new ProfileService(db),
    firm: new FirmService(db, sessions, firmCache),
    memberships: new MembershipsService(db, sessions, firmCache),
    clients: new ClientsService(db, sessions, mailer, config, readAudit, firmCache),
    cases: new CasesService(db, mailer, config, readAudit, firmCache),
    dashboard: new DashboardService(db, readAudit, firmCache),
    analytics: new AnalyticsService(db, readAudit, firmCache),
    documents: new DocumentsService(db, store, new SignedUrls(config.appSecret), readAudit),
    documentUploads,
    leads: new LeadsService(db, throttle, config),
    notifications: new NotificationsService(db),
    conversations: new ConversationsService(db, jobs),
    digest: new NotificationDigest(db, jobs, mailer, config.publicUrl),
    documentAnalysis: new DocumentAnalysisService(
      db,
      store,
      jobs,
      config.analysisLlm
        ? withLlm(localAnalyzer(analysisPool), config.analysisLlm, app.log)
        : localAnalyzer(analysisPool),
    ),
  };
  jobHandlers[ANALYSIS_JOB] = {
    ...services.documentAnalysis.analysisJob,
    // As many at once as the pool has threads; a job is held past the time limit of its analysis
    // (and the model's answer) before another process may take it over.
    concurrency: config.analysis.concurrency,
    lockSeconds: Math.ceil(config.analysis.timeoutMs / 1000) + 120,
  };
  jobHandlers[MAIL_SYNC_JOB] = mailSync.job;
  jobHandlers[WORKFLOW_RUN_JOB] = services.workflowEngine.runJob;
  jobHandlers[AWAY_REPLY_JOB] = services.conversations.awayReplyJob;
  jobHandlers[DIGEST_MAIL_JOB] = services.digest.mailJob;
  jobHandlers[REMINDER_MAIL_JOB] = reminders.mailJob;
  jobHandlers[DEADLINES_RESYNC_JOB] = deadlinesResyncJob(db, app.log);
  jobHandlers[PRIVACY_CLEANUP_JOB] = privacyCleanup(db, throttle, config.limits, app.log);
  jobHandlers[CLEANUP_JOB] = storageCleanup(db, store, uploadTmpDir(config.dataDir), app.log);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', db);
  app.decorate('services', services);
  app.decorate('jobs', jobs);
  const live = new LiveHub(database, app.log);
  services.conversations.registerLive(live);
  services.notifications.registerLive(live);
  await live.start();
  app.decorate('live', live);
  app.decorate('providers', providers);
  app.decorate('mailer', mailer);
  app.decorate('throttle', throttle);
  app.decorate('accessTokens', accessTokens);
  app.decorate('refreshCookie', refreshCookie(config.publicUrl));
  app.decorate('deviceCookies', deviceCookies(config.appSecret, config.publicUrl));
  app.decorate('authenticate', createAuthGuard(accessTokens, sessions));
  app.decorate('refuseCrossSite', createCrossSiteGuard(config.publicUrl));

  app.addHook('onClose', async () => {
    // Analyses in progress are stopped (and retried after a restart) rather than waited for.
    await Promise.all([jobs.stop(), analysisPool.close(), live.stop()]);
    await readAudit.flush();
    await mailer.idle();
    mailer.close();
  });

  registerSecurityHeaders(app);
  registerInputGuard(app);
  app.decorate('routeAccess', installAccessControl(app));
  registerIdempotency(app, db, new SecretBox(config.appSecret, 'idempotency-answers'));
  registerMetrics(app, { database, jobs, live, token: config.metricsToken });
  await app.register(cookie);
  await app.register(multipart, { throwFileSizeLimit: true });
  // The live channel's frames are small JSON (a token at most).
  await app.register(websocket, { options: { maxPayload: 16 * 1024 } });
  if (config.apiRateLimit !== 'off') {
    // Per address, on every /api request before anything else — before authentication too, so
    // calls without a valid session count as well (an app-level hook runs before the routes' own).
    await app.register(rateLimit, {
      global: false,
      max: config.apiRateLimit.max,
      timeWindow: config.apiRateLimit.windowSeconds * 1000,
      // Counted in PostgreSQL, so every instance sees one count; should a count fail (the
      // database restarting), the request goes on uncounted rather than failing here.
      ...(database.kind === 'postgres' && {
        store: sharedRateLimitStore(throttle, config.apiRateLimit),
        skipOnError: true,
      }),
      allowList: (request) => !request.url.startsWith('/api/') || request.url.startsWith('/api/health'),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', MESSAGES.tooManyRequests, undefined, Math.ceil(context.ttl / 1000)),
    });
    app.addHook('onRequest', app.rateLimit());
  }
  if (config.serveApiDocs) await registerOpenApi(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(securityRoutes, { prefix: '/auth' });
      await api.register(tokensRoutes, { prefix: '/tokens' });
      await api.register(profileRoutes, { prefix: '/profile' });
      await api.register(leadsRoutes, { prefix: '/leads' });
      await api.register(firmRoutes, { prefix: '/firm' });
      await api.register(membershipsRoutes);
      await api.register(clientsRoutes);
      await api.register(casesRoutes);
      await api.register(deadlinesRoutes);
      await api.register(timelineRoutes);
      await api.register(workflowsRoutes);
      await api.register(negotiationsRoutes);
      await api.register(expertsRoutes);
      await api.register(dashboardRoutes, { prefix: '/dashboard' });
      await api.register(analyticsRoutes);
      await api.register(documentsRoutes);
      await api.register(oauthRoutes, { prefix: '/oauth' });
      await api.register(providerTokensRoutes, { prefix: '/tokens' });
      await api.register(emailsRoutes, { prefix: '/emails' });
      await api.register(calendarRoutes, { prefix: '/calendar' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(conversationsRoutes, { prefix: '/conversations' });
      await api.register(liveRoutes);
    },
    { prefix: '/api' },
  );

  // Google and Microsoft stand-ins at /sandbox when no credentials are set (never in production).
  const sandbox = await mountedSandbox(config, db);
  if (sandbox) await app.register(sandbox.plugin, { prefix: '/sandbox' });
  app.decorate('providerSandbox', sandbox?.sandbox ?? null);

  await registerWebApp(app, config.webDistDir);
  return app;
}
