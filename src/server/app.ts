import { createServer } from "node:http";
import Fastify, {
  type FastifyLoggerOptions,
  type FastifySchema,
  type FastifyServerOptions,
} from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { LoggerOptions } from "pino";
import { createOidc } from "./auth/oidc";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { serializeError } from "./error-log";
import { inboundSettings, MAX_INBOUND_BYTES, receiveInboundMail } from "./inbound/inbound";
import { createInboundSmtp, type InboundSmtp } from "./inbound/inbound-smtp";
import type { DNSResolver } from "./inbound/sender-check";
import { createMailer, type Mailer } from "./mail/mailer";
import { createScheduledWork, type ScheduledWorkOptions } from "./scheduled-work";
import { hoursRoutes } from "./routes/api/hours";
import { reportRoutes } from "./routes/api/reports";
import { registerApiDocument } from "./plugins/api-document";
import { decorateUser } from "./plugins/auth-guard";
import { registerApiTokenIdentity, registerApiTokenScopes } from "./plugins/api-tokens";
import { registerErrorHandler } from "./plugins/errors";
import { registerMetrics } from "./plugins/metrics";
import { registerPages } from "./plugins/pages";
import { RequestLog, requestSerializers } from "./plugins/request-log";
import { registerSameOriginCheck } from "./plugins/same-origin";
import { perAnswerHeaders, registerSecurity, requestId } from "./plugins/security";
import {
  createAnswerTail,
  createFastPath,
  prepareFiles,
  type FastPath,
} from "./plugins/static-fast-path";
import { registerSessions } from "./plugins/session";
import { accountRoutes } from "./routes/api/account";
import { apiDocsRoutes } from "./routes/api/api-docs";
import { apiTokenRoutes } from "./routes/api/api-tokens";
import { bookingRoutes } from "./routes/api/bookings";
import { auditRoutes } from "./routes/api/audit";
import { authRoutes } from "./routes/api/auth";
import { billingRoutes } from "./routes/api/billing";
import { cardPaymentRoutes } from "./routes/api/card-payments";
import { clientRoutes } from "./routes/api/clients";
import { domainRoutes } from "./routes/api/domains";
import {
  createAnalyticsIngest,
  createEventsFastPath,
  eventRoutes,
  type AnalyticsOptions,
} from "./routes/api/events";
import { emailRoutes } from "./routes/api/emails";
import { inboundEmailRoutes } from "./routes/api/inbound-email";
import { invoiceRoutes } from "./routes/api/invoices";
import { invoiceFollowUpRoutes } from "./routes/api/invoice-follow-ups";
import { leadRoutes } from "./routes/api/leads";
import { monitoringRoutes } from "./routes/api/monitoring";
import { webhookRoutes } from "./routes/api/webhooks";
import { heartbeatRoutes } from "./routes/api/heartbeats";
import { maintenanceRoutes } from "./routes/api/maintenance";
import { noticeRoutes } from "./routes/api/notices";
import { statusPageRoutes } from "./routes/api/status-pages";
import { shareLinkRoutes } from "./routes/api/share-links";
import { openShareLink } from "./share-links/links";
import { registerStatusHosts } from "./routes/api/status-public";
import { ownHostCheck } from "./status-pages/hosts";
import { projectRoutes } from "./routes/api/projects";
import { proposalRoutes } from "./routes/api/proposals";
import { teamRoutes } from "./routes/api/team";
import { ticketAttachmentRoutes } from "./routes/api/ticket-attachments";
import { ticketRoutes } from "./routes/api/tickets";
import { createAttachmentStore } from "./tickets/create-attachment-store";
import { usageRoutes } from "./routes/api/usage";
import { websiteRoutes } from "./routes/api/websites";
import { vitalsRoutes } from "./routes/api/vitals";
import { healthRoutes } from "./routes/health";

/** A registered route; its schema lets tests reach every field a route accepts. */
export type RouteEntry = { method: string; url: string; schema?: FastifySchema };

declare module "fastify" {
  interface FastifyInstance {
    routeTable: RouteEntry[];
    /** The inbound mail listener, when INBOUND_SMTP_PORT is set (its port once ready). */
    inboundSmtp: InboundSmtp | undefined;
    /** Shutting down begins: /readyz answers 503 while every other request is still served. */
    startDraining(): void;
  }
}

export type AppOptions = ScheduledWorkOptions & {
  config: Config;
  database: Database;
  /** Tests may turn the log off or send it to a stream of their own. */
  logger?: false | (FastifyLoggerOptions & LoggerOptions);
  /** Tests may pass their own; by default one is made from the settings. */
  mailer?: Mailer;
  /** Visitor analytics: tests may pass a clock and a flush pace of their own. */
  analytics?: AnalyticsOptions;
  /**
   * Received mail: tests may lower the size limit (default MAX_INBOUND_BYTES) and answer the
   * sender checks' DNS lookups themselves (default: the system's resolver).
   */
  inbound?: { maxBytes?: number; resolver?: DNSResolver };
  /**
   * How long after the app is ready the scheduled work makes its first pass (catching up): the
   * server process waits a little, so its first requests are not queued behind that work on the
   * embedded database; tests start it at once (default 0).
   */
  firstPassInMs?: number;
};

/**
 * How long a connection may take, and how many there may be: docs/deploy.md explains the figures.
 * A slow client (slowloris) must send its headers within 10 s and its whole request within 30 s;
 * an idle keep-alive connection is closed after 65 s, longer than the 60 s after which nginx and
 * most load balancers drop an idle connection to the app, so the proxy never sends a request down
 * a connection the app is closing.
 */
export const connectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  /** A socket on which nothing moves (a client that stops reading an answer, say). */
  idleSocketTimeoutMs: 60_000,
  keepAliveTimeoutMs: 65_000,
  /** How often Node looks for requests past their header or request timeout. */
  checkIntervalMs: 1_000,
  /** Connections one instance holds at once; past this a new one is closed unanswered. */
  maxConnections: 1_000,
};

/** Builds the whole server (plugins, then routes) without listening: what main and tests use. */
export async function buildApp({
  config,
  database,
  logger,
  mailer,
  analytics,
  inbound,
  firstPassInMs = 0,
  ...scheduledWork
}: AppOptions) {
  // Set once the app is listening and knows its security headers: the built pages
  // (static-fast-path.ts) and page views (routes/api/events.ts) answered before Fastify.
  let fastPath: FastPath | undefined;
  let closing = false;
  const trustProxy = trustedProxies(config.trustProxy);
  // A client's status page host name (status.client.com) is the app's to answer, not the fast path's.
  const isOwnHost = ownHostCheck(config.publicUrl);
  const app = Fastify({
    // One line a request, without secrets (plugins/request-log.ts); errors are always logged
    // without the values of a failed query.
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            ...logger,
            serializers: { ...requestSerializers, err: serializeError },
          },
    logController: new RequestLog(),
    bodyLimit: 64 * 1024,
    http: {
      headersTimeout: connectionLimits.headersTimeoutMs,
      connectionsCheckingInterval: connectionLimits.checkIntervalMs,
    },
    requestTimeout: connectionLimits.requestTimeoutMs,
    connectionTimeout: connectionLimits.idleSocketTimeoutMs,
    keepAliveTimeout: connectionLimits.keepAliveTimeoutMs,
    trustProxy,
    // Fastify's own server, as it would make it, with the built pages answered first.
    serverFactory: (handler, options) => {
      const server = createServer(options.http ?? {}, (request, response) => {
        const fast = isOwnHost(request.headers.host) && fastPath?.(request, response);
        if (!fast) handler(request, response);
      });
      server.keepAliveTimeout = connectionLimits.keepAliveTimeoutMs;
      server.requestTimeout = connectionLimits.requestTimeoutMs;
      server.setTimeout(connectionLimits.idleSocketTimeoutMs);
      return server;
    },
    // Let requests in flight finish on close; new ones get 503 meanwhile.
    return503OnClosing: true,
    genReqId: (request) => requestId(request.headers["x-request-id"]),
  }).withTypeProvider<ZodTypeProvider>();
  app.server.maxConnections = connectionLimits.maxConnections;

  // Every route as registered: lets tests prove a guard covers a whole prefix.
  const routeTable: RouteEntry[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, schema: route.schema });
    }
  });
  app.decorate("routeTable", routeTable);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Bodies are JSON only: anything else is refused with 415 rather than guessed at.
  app.removeContentTypeParser("text/plain");
  registerErrorHandler(app);
  // The API's OpenAPI document, made from the routes' schemas: registered before any route.
  await registerApiDocument(app, config);
  // Page views from clients' sites, written in batches; closing writes what is left. Registered
  // before the security headers, sessions, rate limits and same-origin check, whose hooks it so
  // does not run: the route checks its own origins, needs no session, and a busy site's
  // visitors behind one address must not be throttled (docs/decisions/011).
  const ingest = createAnalyticsIngest(database.db, app.log, analytics);
  app.decorate("analytics", ingest);
  const { buffer, goals, vitals } = ingest;
  registerMetrics(app, { config, database, buffers: { "page views": buffer, goals, vitals } });
  await app.register(eventRoutes, { ingest });
  decorateUser(app);
  // API tokens are read first (the same-origin check and the rate limits ask of them), and
  // refused or held to their scopes once the rate limits have counted them.
  registerApiTokenIdentity(app, database.db);
  registerSameOriginCheck(app, config.publicUrl);
  await registerSecurity(app, config);
  registerApiTokenScopes(app, database.db);
  await registerSessions(app, config, database);

  const mail = mailer ?? createMailer(config, app.log);
  // Ticket attachments: in the database, or in S3 when it is set up.
  const attachmentStore = await createAttachmentStore(config.s3);
  const scheduled = createScheduledWork(
    { config, database, mailer: mail, log: app.log, attachmentStore },
    scheduledWork,
  );
  // Replies by email and new tickets from clients: the app's own MX when INBOUND_SMTP_PORT is set.
  const inboundPort = config.inbound.smtpPort;
  const inboundSmtp =
    inboundPort === undefined
      ? undefined
      : createInboundSmtp({
          supportEmail: config.supportEmail,
          maxBytes: inbound?.maxBytes ?? MAX_INBOUND_BYTES,
          tls: config.inbound.tls,
          log: app.log,
          resolver: inbound?.resolver,
          receive: (mail) =>
            receiveInboundMail(
              {
                db: database.db,
                settings: inboundSettings(config),
                log: app.log,
                attachments: attachmentStore,
              },
              mail,
            ),
        });
  app.decorate("inboundSmtp", inboundSmtp);
  app.addHook("onReady", async () => {
    scheduled.start(firstPassInMs);
    ingest.start();
    if (inboundSmtp) await inboundSmtp.listen(inboundPort!, config.inbound.smtpHost);
  });
  // Claim no more work from the moment the server starts closing, while requests finish.
  app.addHook("preClose", async () => {
    void scheduled.stop();
    void inboundSmtp?.close();
  });
  app.addHook("onClose", async () => {
    await inboundSmtp?.close();
    await scheduled.stop();
    mail.close();
    await ingest.close();
  });
  const oidc = config.oidc ? createOidc(config.oidc, config.publicUrl) : undefined;
  // A client's own host name answers its status page, before any route of ours.
  registerStatusHosts(app, database.db, config.publicUrl);

  let draining = false;
  app.decorate("startDraining", () => void (draining = true));
  await app.register(healthRoutes, { database, draining: () => draining });
  await app.register(authRoutes, { db: database.db, config, oidc });
  // Each noun's routes, the client's and the staff's together; each group has its own guard.
  const routeOptions = { db: database.db, config };
  for (const nounRoutes of [
    leadRoutes,
    clientRoutes,
    teamRoutes,
    websiteRoutes,
    vitalsRoutes,
    usageRoutes,
    monitoringRoutes,
    heartbeatRoutes,
    maintenanceRoutes,
    domainRoutes,
    billingRoutes,
    hoursRoutes,
    reportRoutes,
    invoiceRoutes,
    invoiceFollowUpRoutes,
    cardPaymentRoutes,
    ticketRoutes,
    proposalRoutes,
    projectRoutes,
    emailRoutes,
    auditRoutes,
    accountRoutes,
    noticeRoutes,
    statusPageRoutes,
    shareLinkRoutes,
    bookingRoutes,
    apiDocsRoutes,
    webhookRoutes,
    apiTokenRoutes,
  ]) {
    await app.register(nounRoutes, routeOptions);
  }
  // The routes that file ticket attachments: uploads, and the inbound mail webhook.
  for (const fileRoutes of [ticketAttachmentRoutes, inboundEmailRoutes]) {
    await app.register(fileRoutes, { ...routeOptions, store: attachmentStore });
  }
  const pageFiles = await registerPages(app, config.clientDir, config.publicUrl, {
    // A share link's page answers 404 once the link is revoked or expired, as its data does.
    shareLinkOpens: async (token) => (await openShareLink(database.db, token)) !== undefined,
  });
  app.addHook("preClose", async () => void (closing = true));
  app.addHook("onListen", async () => {
    // The security headers exactly as a dynamic route sends them, names as written.
    const probe = await app.inject({ method: "GET", url: "/healthz" });
    // Node has getRawHeaderNames on every outgoing message; its types declare it on requests only.
    const sent = probe.raw.res as typeof probe.raw.res & { getRawHeaderNames(): string[] };
    const securityHeaders = sent
      .getRawHeaderNames()
      .filter((name) => !perAnswerHeaders.has(name.toLowerCase()))
      .map((name): [string, string] => [name, String(sent.getHeader(name))]);
    const tail = createAnswerTail({ https: config.publicUrl.startsWith("https://"), trustProxy });
    const isClosing = () => closing;
    const files = prepareFiles(pageFiles, securityHeaders);
    const pageViews = createEventsFastPath({
      ingest,
      securityHeaders,
      tail,
      log: app.log,
      closing: isClosing,
    });
    const builtFiles = createFastPath({ files, tail, closing: isClosing });
    fastPath = (request, response) => builtFiles(request, response) || pageViews(request, response);
  });

  return app;
}

/**
 * Fastify's form of TRUST_PROXY. Fastify 5 turns a hop count into "trust no proxy" (it cannot
 * check the peer), so the app saw neither https nor client addresses behind the proxy: a count of
 * n trusts the n hops nearest the app, as Express does. That believes whoever connects, which is
 * why docs/deploy.md asks for the app's port to be reachable through the proxy only.
 */
function trustedProxies(trust: Config["trustProxy"]): FastifyServerOptions["trustProxy"] {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
