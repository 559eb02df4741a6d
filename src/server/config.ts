import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { brand, contact } from "@content/site";
import { percentToPpm } from "@shared/invoice-math";

/**
 * Set by the server build (scripts/build.ts): the bundle serves the front end of its own build,
 * beside it. Unset when the server runs from its sources.
 */
declare const BUNDLED_CLIENT_DIR: string | undefined;

const booleanSetting = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((value) => ["true", "1", "yes"].includes(value));

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: "must be a comma-separated list of email addresses" })));

const postgresUrl = z
  .url({ error: "must be a postgres:// or postgresql:// URL" })
  .refine((url) => /^postgres(ql)?:\/\//.test(url), "must be a postgres:// or postgresql:// URL");

const portSetting = z.coerce
  .number({ error: "must be a port number" })
  .int("must be a port number")
  .min(0, "must be a port number")
  .max(65535, "must be a port number");

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: portSetting.default(5000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: postgresUrl.optional(),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  PUBLIC_URL: z.url({ error: "must be an absolute http(s) URL" }).optional(),
  SEED_DEMO: booleanSetting.optional(),
  ADMIN_EMAILS: emailList.optional(),
  OPEN_SIGNUP: booleanSetting.default(false),
  OIDC_ISSUER_URL: z.url({ error: "must be the provider's issuer URL" }).optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  SMTP_URL: z
    .url({ error: "must be an smtp:// or smtps:// URL" })
    .refine((url) => /^smtps?:\/\//.test(url), "must be an smtp:// or smtps:// URL")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  AGENCY_INBOX: z.email({ error: "must be an email address" }).optional(),
  SUPPORT_EMAIL: z
    .email({ error: "must be an email address" })
    .refine((email) => !email.split("@")[0]!.includes("+"), {
      error: "must be a plain address without a +tag: each ticket's replies go to its +tag",
    })
    .optional(),
  INBOUND_SMTP_PORT: portSetting.optional(),
  INBOUND_SMTP_HOST: z.string().min(1).optional(),
  INBOUND_SMTP_TLS_KEY: z.string().min(1).optional(),
  INBOUND_SMTP_TLS_CERT: z.string().min(1).optional(),
  INBOUND_WEBHOOK_SECRET: z
    .string()
    .min(24, "must be at least 24 characters: openssl rand -hex 24")
    .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces")
    .optional(),
  INBOUND_UNVERIFIED: z
    .enum(["refuse", "mark"], {
      error: "must be refuse or mark (file it as a client's, marked as from an unverified sender)",
    })
    .default("refuse"),
  TRUST_PROXY: z
    .string()
    .transform((value, context) => {
      const trust = parseTrustProxy(value);
      if (trust === undefined) {
        context.addIssue({
          code: "custom",
          message:
            "must be true, false, a hop count, or the proxies' addresses or CIDR ranges, comma-separated",
        });
        return z.NEVER;
      }
      return trust;
    })
    .optional(),
  REDIS_URL: z
    .url({ error: "must be a redis:// or rediss:// URL" })
    .refine((url) => /^rediss?:\/\//.test(url), "must be a redis:// or rediss:// URL")
    .optional(),
  WEB_CONCURRENCY: z
    .string()
    .regex(/^(auto|[1-9]\d*)$/, "must be a whole number of processes, or auto (one per CPU core)")
    .optional(),
  API_RATE_LIMIT: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .positive("must be a whole number")
    .default(300),
  FORM_RATE_LIMIT: z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .positive("must be a whole number")
    .default(10),
  TAX_RATE: z
    .string()
    .transform((value, context) => {
      const ppm = percentToPpm(value);
      if (ppm === undefined) {
        context.addIssue({
          code: "custom",
          message: "must be a percentage from 0 to 100 with at most 4 decimals, such as 10.1",
        });
        return z.NEVER;
      }
      return ppm;
    })
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_live_... or sk_test_...)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be the webhook endpoint's signing secret (whsec_...)")
    .optional(),
  STRIPE_API_URL: z.url({ error: "must be an http(s) URL" }).optional(),
  BILLING_INTERVAL: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a number of seconds")
    .min(1, "must be a number of seconds")
    .default(300),
  MONITOR_INTERVAL: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a number of seconds")
    .min(10, "must be a number of seconds, at least 10")
    .default(60),
  MONITOR_ALLOW_PRIVATE: booleanSetting.optional(),
  RDAP_BOOTSTRAP_URL: z
    .url({ error: "must be the http(s) URL of an RDAP bootstrap file (dns.json)" })
    .refine(
      (url) => /^https?:\/\//.test(url),
      "must be the http(s) URL of an RDAP bootstrap file (dns.json)",
    )
    .optional(),
  S3_BUCKET: z.string().min(3, "must be a bucket name").optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: z
    .url({ error: "must be the storage service's http(s) URL" })
    .refine((url) => /^https?:\/\//.test(url), "must be the storage service's http(s) URL")
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanSetting.optional(),
  METRICS_PORT: portSetting.optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z
    .string()
    .min(24, "must be at least 24 characters: openssl rand -hex 24")
    .regex(/^[\x21-\x7e]+$/, "must be printable characters without spaces")
    .optional(),
  SHUTDOWN_DELAY_SECONDS: z.coerce
    .number({ error: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(0, "must be a number of seconds, 0 or more")
    .max(120, "must be at most 120 seconds")
    .default(5),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = {
  env: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  publicUrl: string;
  /** Seed demo data into a database this process creates. */
  seedDemo: boolean;
  adminEmails: string[];
  /**
   * Anyone may create an account by signing in. Off: accounts exist only by invitation (or
   * conversion from a lead), besides the staff in ADMIN_EMAILS.
   */
  openSignup: boolean;
  /** Set when sign-in goes through an OpenID Connect provider; else email links. */
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | undefined;
  /** Unset: emails are written to the log and DATA_DIR/outbox/. */
  smtpUrl: string | undefined;
  mailFrom: string;
  agencyInbox: string;
  /**
   * The address clients write to, lowercase. Each ticket's emails carry a Reply-To of its own,
   * local+token@domain, so that replies find their ticket.
   */
  supportEmail: string;
  /** Receiving mail: an SMTP listener of the app's own and a provider's webhook, each optional. */
  inbound: {
    /** Unset: no SMTP listener. */
    smtpPort: number | undefined;
    smtpHost: string;
    /** PEM files of a certificate for STARTTLS (unset: a self-signed one). */
    tls: { keyFile: string; certFile: string } | undefined;
    /** Unset: the webhook answers 404. */
    webhookSecret: string | undefined;
    /**
     * Mail whose From its domain does not vouch for (no DMARC alignment): refused, or filed as a
     * client's with an "unverified sender" mark. Never taken as staff's either way.
     */
    unverified: "refuse" | "mark";
  };
  logLevel: string;
  /**
   * After SIGTERM, how long the server goes on serving while /readyz answers 503, so a load
   * balancer stops sending it requests before it stops accepting them.
   */
  shutdownDelaySeconds: number;
  /**
   * Behind a reverse proxy, whose X-Forwarded-* headers to believe, so client addresses and https
   * are seen as they are: none (false), every hop (true), that many hops in front of the app (a
   * number), or the proxies' addresses and CIDR ranges.
   */
  trustProxy: boolean | number | string[];
  /** Unset: rate limits are kept in memory (one instance). */
  redisUrl: string | undefined;
  /** API requests one client address may make per minute. */
  apiRateLimit: number;
  /** Server processes sharing the port (WEB_CONCURRENCY): more than one needs PostgreSQL and Redis. */
  processes: number;
  /** Lead form submissions one client address may make per 10 minutes. */
  formRateLimit: number;
  /** Where the built front end lives; tests may point elsewhere. */
  clientDir: string;
  /** The tax rate new invoices carry, in millionths (10.1% is 101000). */
  taxRatePpm: number;
  /** Set: cards are taken through Stripe. Unset: invoices say how to pay by transfer or check. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | undefined;
  /** How often, in seconds, an instance looks for invoices to issue, remind of or charge. */
  billingIntervalSeconds: number;
  /** How often, in seconds, each live website is checked. */
  monitorIntervalSeconds: number;
  /**
   * Whether the monitor may check private, loopback and link-local addresses (default: outside
   * production only).
   */
  monitorAllowPrivate: boolean;
  /**
   * Where domain lookups read IANA's RDAP bootstrap file from (tests: a stand-in). Unset: the
   * file shipped in the build, refreshed by `npm run rdap:refresh`.
   */
  rdapBootstrapUrl: string | undefined;
  /** Set: ticket attachments are stored in this S3-compatible bucket. Unset: in the database. */
  s3: S3Settings | undefined;
  /**
   * Prometheus's figures at /metrics: on a port of their own (METRICS_PORT), or on the site's
   * port behind a bearer token (METRICS_TOKEN; on METRICS_PORT too when both are set). Neither
   * set: no /metrics at all.
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
};

export type S3Settings = {
  bucket: string;
  region: string;
  /** Unset: AWS itself; else the S3-compatible service's URL. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** Address the bucket in the path (most S3-compatible services) rather than the host name. */
  forcePathStyle: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((problem) => `  ${problem}`).join("\n")}`);
  }
}

/** Reads the environment once; throws a ConfigError listing every bad setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most deployment tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const settings = parsed.data;
  const isProduction = settings.NODE_ENV === "production";
  const problems: string[] = [];
  if (isProduction && !settings.SESSION_SECRET) {
    problems.push("SESSION_SECRET: required in production (at least 32 random characters)");
  }
  const processes =
    settings.WEB_CONCURRENCY === "auto"
      ? availableParallelism()
      : Number(settings.WEB_CONCURRENCY ?? 1);
  if (processes > 1 && !settings.DATABASE_URL) {
    problems.push(
      "WEB_CONCURRENCY: more than one process needs DATABASE_URL (the embedded database is one process's)",
    );
  }
  if (processes > 1 && !settings.REDIS_URL) {
    problems.push(
      "WEB_CONCURRENCY: more than one process needs REDIS_URL, so that rate limits are counted across processes",
    );
  }
  if (isProduction && !settings.DATABASE_URL) {
    problems.push(
      "DATABASE_URL: required in production; the embedded database is for evaluation and development only",
    );
  }
  const oidcKeys = ["OIDC_ISSUER_URL", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
  const oidcSet = oidcKeys.filter((key) => settings[key]);
  if (oidcSet.length > 0 && oidcSet.length < oidcKeys.length) {
    for (const key of oidcKeys.filter((k) => !settings[k])) {
      problems.push(`${key}: required when any OIDC_ setting is set`);
    }
  }
  if (isProduction && oidcSet.length === 0 && !settings.SMTP_URL) {
    problems.push(
      "SMTP_URL: required in production when no OIDC provider is set, to send sign-in links",
    );
  }
  const stripeKeys = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const;
  if (stripeKeys.some((key) => settings[key]) && !stripeKeys.every((key) => settings[key])) {
    for (const key of stripeKeys.filter((k) => !settings[k])) {
      problems.push(`${key}: required when any STRIPE_ setting is set`);
    }
  }
  const tlsKeys = ["INBOUND_SMTP_TLS_KEY", "INBOUND_SMTP_TLS_CERT"] as const;
  if (tlsKeys.some((key) => settings[key]) && !tlsKeys.every((key) => settings[key])) {
    for (const key of tlsKeys.filter((k) => !settings[k])) {
      problems.push(`${key}: required when any INBOUND_SMTP_TLS_ setting is set`);
    }
  }
  // Attachments go to S3 only when it is fully set up; half a setup is a mistake to point out.
  const s3Required = [
    "S3_BUCKET",
    "S3_REGION",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
  ] as const;
  const s3Any = [...s3Required, "S3_ENDPOINT", "S3_FORCE_PATH_STYLE"] as const;
  if (s3Any.some((key) => settings[key] !== undefined)) {
    for (const key of s3Required.filter((k) => !settings[k])) {
      problems.push(`${key}: required when any S3_ setting is set`);
    }
  }
  if (settings.METRICS_PORT !== undefined && settings.METRICS_PORT === settings.PORT) {
    problems.push("METRICS_PORT: must differ from PORT: the figures never share the site's port");
  }
  if (processes > 1 && settings.METRICS_TOKEN && settings.METRICS_PORT === undefined) {
    problems.push(
      "METRICS_TOKEN: with more than one process, set METRICS_PORT too: there the first process answers every process's figures",
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(settings.DATA_DIR);
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/$/, "");
  return {
    env: settings.NODE_ENV,
    isProduction,
    port: settings.PORT,
    host: settings.HOST,
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    sessionSecret: settings.SESSION_SECRET ?? generatedSecret(dataDir),
    publicUrl,
    // A new embedded database is a trial install; PostgreSQL is seeded only when asked (staging).
    seedDemo: settings.SEED_DEMO ?? (!isProduction && !settings.DATABASE_URL),
    adminEmails: settings.ADMIN_EMAILS ?? (isProduction ? [] : ["admin@example.com"]),
    openSignup: settings.OPEN_SIGNUP,
    logLevel: settings.LOG_LEVEL,
    shutdownDelaySeconds: settings.SHUTDOWN_DELAY_SECONDS,
    trustProxy: settings.TRUST_PROXY ?? false,
    formRateLimit: settings.FORM_RATE_LIMIT,
    redisUrl: settings.REDIS_URL,
    apiRateLimit: settings.API_RATE_LIMIT,
    processes,
    oidc:
      settings.OIDC_ISSUER_URL && settings.OIDC_CLIENT_ID && settings.OIDC_CLIENT_SECRET
        ? {
            issuerUrl: settings.OIDC_ISSUER_URL,
            clientId: settings.OIDC_CLIENT_ID,
            clientSecret: settings.OIDC_CLIENT_SECRET,
          }
        : undefined,
    smtpUrl: settings.SMTP_URL,
    mailFrom: settings.MAIL_FROM ?? `${brand.name} <no-reply@${hostOf(publicUrl)}>`,
    agencyInbox: settings.AGENCY_INBOX ?? contact.email,
    supportEmail: (
      settings.SUPPORT_EMAIL ?? `support@${contact.email.split("@")[1]}`
    ).toLowerCase(),
    inbound: {
      smtpPort: settings.INBOUND_SMTP_PORT,
      smtpHost: settings.INBOUND_SMTP_HOST ?? settings.HOST,
      tls:
        settings.INBOUND_SMTP_TLS_KEY && settings.INBOUND_SMTP_TLS_CERT
          ? { keyFile: settings.INBOUND_SMTP_TLS_KEY, certFile: settings.INBOUND_SMTP_TLS_CERT }
          : undefined,
      webhookSecret: settings.INBOUND_WEBHOOK_SECRET,
      unverified: settings.INBOUND_UNVERIFIED,
    },
    taxRatePpm: settings.TAX_RATE ?? 0,
    stripe:
      settings.STRIPE_SECRET_KEY && settings.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: settings.STRIPE_SECRET_KEY,
            webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
            apiUrl: settings.STRIPE_API_URL,
          }
        : undefined,
    billingIntervalSeconds: settings.BILLING_INTERVAL,
    monitorIntervalSeconds: settings.MONITOR_INTERVAL,
    monitorAllowPrivate: settings.MONITOR_ALLOW_PRIVATE ?? !isProduction,
    rdapBootstrapUrl: settings.RDAP_BOOTSTRAP_URL,
    s3:
      settings.S3_BUCKET &&
      settings.S3_REGION &&
      settings.S3_ACCESS_KEY_ID &&
      settings.S3_SECRET_ACCESS_KEY
        ? {
            bucket: settings.S3_BUCKET,
            region: settings.S3_REGION,
            endpoint: settings.S3_ENDPOINT,
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
            forcePathStyle: settings.S3_FORCE_PATH_STYLE ?? false,
          }
        : undefined,
    metrics: {
      port: settings.METRICS_PORT,
      host: settings.METRICS_HOST ?? settings.HOST,
      token: settings.METRICS_TOKEN,
    },
    clientDir:
      typeof BUNDLED_CLIENT_DIR === "string"
        ? fileURLToPath(new URL(BUNDLED_CLIENT_DIR, import.meta.url))
        : path.resolve("dist/client"),
  };
}

/** Outside production, a secret made once and kept in DATA_DIR so sessions survive restarts. */
function generatedSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("hex");
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

function hostOf(url: string): string {
  return new URL(url).hostname;
}

/** The forms docs/deploy.md lists; undefined for anything else. */
function parseTrustProxy(value: string): boolean | number | string[] | undefined {
  const setting = value.trim();
  if (setting === "true") return true;
  if (setting === "false") return false;
  if (/^\d+$/.test(setting)) return Number(setting) === 0 ? false : Number(setting);
  const addresses = setting.split(",").map((entry) => entry.trim());
  return addresses.every(isProxyAddress) ? addresses : undefined;
}

/** An address, a CIDR range (address/prefix or address/netmask) or a named range
 * (loopback, linklocal, uniquelocal) as Fastify knows them. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", range, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}
