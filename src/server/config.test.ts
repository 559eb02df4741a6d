import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("settings", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "harborline-config-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("uses the documented defaults", () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 5000,
      publicUrl: "http://localhost:5000",
      databaseUrl: undefined,
      seedDemo: true,
      adminEmails: ["admin@example.com"],
      isProduction: false,
    });
  });

  it("seeds a new embedded database by default, PostgreSQL only when SEED_DEMO=true", () => {
    const postgres = "postgres://db.internal/harborline";
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres }).seedDemo).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: postgres, SEED_DEMO: "true" }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("generates a session secret once and keeps it in DATA_DIR", () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first).toHaveLength(64);
    expect(readFileSync(path.join(dataDir, "session-secret"), "utf8")).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
  });

  it("checks sites every minute, private addresses outside production only", () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      monitorIntervalSeconds: 60,
      monitorAllowPrivate: true,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, MONITOR_INTERVAL: "300", MONITOR_ALLOW_PRIVATE: "false" }),
    ).toMatchObject({ monitorIntervalSeconds: 300, monitorAllowPrivate: false });
    expect(() => loadConfig({ DATA_DIR: dataDir, MONITOR_INTERVAL: "often" })).toThrow(
      "MONITOR_INTERVAL: must be a number of seconds",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, MONITOR_INTERVAL: "5" })).toThrow(
      "MONITOR_INTERVAL: must be a number of seconds, at least 10",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, MONITOR_ALLOW_PRIVATE: "perhaps" })).toThrow(
      "MONITOR_ALLOW_PRIVATE: must be true or false",
    );
  });

  it("keeps serving 5 s after SIGTERM by default, or as long as SHUTDOWN_DELAY_SECONDS says", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).shutdownDelaySeconds).toBe(5);
    expect(
      loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DELAY_SECONDS: "0" }).shutdownDelaySeconds,
    ).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DELAY_SECONDS: "soon" })).toThrow(
      "SHUTDOWN_DELAY_SECONDS: must be a number of seconds",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DELAY_SECONDS: "-1" })).toThrow(
      "SHUTDOWN_DELAY_SECONDS: must be a number of seconds, 0 or more",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_DELAY_SECONDS: "600" })).toThrow(
      "SHUTDOWN_DELAY_SECONDS: must be at most 120 seconds",
    );
  });

  it("reads the RDAP bootstrap file shipped, or the one RDAP_BOOTSTRAP_URL names", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).rdapBootstrapUrl).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir, RDAP_BOOTSTRAP_URL: "http://127.0.0.1:9/dns.json" })
        .rdapBootstrapUrl,
    ).toBe("http://127.0.0.1:9/dns.json");
    for (const value of ["dns.json", "ftp://data.example/dns.json"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir, RDAP_BOOTSTRAP_URL: value }), value).toThrow(
        "RDAP_BOOTSTRAP_URL: must be the http(s) URL of an RDAP bootstrap file (dns.json)",
      );
    }
  });

  it("runs one server process unless WEB_CONCURRENCY asks for more, on PostgreSQL and Redis only", () => {
    const shared = {
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://db.internal/harborline",
      REDIS_URL: "redis://cache.internal:6379",
    };
    expect(loadConfig({ DATA_DIR: dataDir }).processes).toBe(1);
    expect(loadConfig({ ...shared, WEB_CONCURRENCY: "3" }).processes).toBe(3);
    expect(loadConfig({ ...shared, WEB_CONCURRENCY: "auto" }).processes).toBe(
      availableParallelism(),
    );
    for (const value of ["0", "two", "1.5", "-2"]) {
      expect(() => loadConfig({ ...shared, WEB_CONCURRENCY: value }), value).toThrow(
        "WEB_CONCURRENCY: must be a whole number of processes, or auto (one per CPU core)",
      );
    }
    expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2" })).toThrow(
      "WEB_CONCURRENCY: more than one process needs DATABASE_URL (the embedded database is one process's)",
    );
    expect(() => loadConfig({ ...shared, REDIS_URL: undefined, WEB_CONCURRENCY: "2" })).toThrow(
      "WEB_CONCURRENCY: more than one process needs REDIS_URL, so that rate limits are counted across processes",
    );
    // One process needs neither.
    expect(loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: "1" }).processes).toBe(1);
  });

  it("answers /metrics only when asked: on METRICS_PORT, or with METRICS_TOKEN", () => {
    expect(loadConfig({ DATA_DIR: dataDir, HOST: "10.0.0.5" }).metrics).toEqual({
      port: undefined,
      host: "10.0.0.5",
      token: undefined,
    });
    const token = "a".repeat(24);
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        METRICS_PORT: "9464",
        METRICS_HOST: "127.0.0.1",
        METRICS_TOKEN: token,
      }).metrics,
    ).toEqual({ port: 9464, host: "127.0.0.1", token });
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: "short" })).toThrow(
      "METRICS_TOKEN: must be at least 24 characters: openssl rand -hex 24",
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: "9464", METRICS_PORT: "9464" })).toThrow(
      "METRICS_PORT: must differ from PORT",
    );
    const several = {
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://db.internal/harborline",
      REDIS_URL: "redis://cache.internal:6379",
      WEB_CONCURRENCY: "2",
      METRICS_TOKEN: token,
    };
    expect(() => loadConfig(several)).toThrow(
      "METRICS_TOKEN: with more than one process, set METRICS_PORT too",
    );
    expect(loadConfig({ ...several, METRICS_PORT: "9464" }).metrics.port).toBe(9464);
  });

  it("lists every bad setting, one line each", () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: "eighty",
        DATABASE_URL: "mysql://db",
        PUBLIC_URL: "example",
        SEED_DEMO: "maybe",
        ADMIN_EMAILS: "boss@example.com, nope",
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.map((line) => line.split(":")[0]).sort()).toEqual([
      "ADMIN_EMAILS.1",
      "DATABASE_URL",
      "PORT",
      "PUBLIC_URL",
      "SEED_DEMO",
    ]);
  });

  it("refuses unsafe production defaults", () => {
    expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dataDir })).toThrow(
      /SESSION_SECRET: required in production[\s\S]*DATABASE_URL: required in production[\s\S]*SMTP_URL: required in production/,
    );
  });

  it("wants all three OIDC settings or none", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, OIDC_ISSUER_URL: "https://id.example" })).toThrow(
      /OIDC_CLIENT_ID: required when any OIDC_ setting is set\n.*OIDC_CLIENT_SECRET/,
    );
  });

  it("wants both Stripe keys or neither, and points the client elsewhere only when asked", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(
      /^ {2}STRIPE_WEBHOOK_SECRET: required when any STRIPE_ setting is set$/m,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, STRIPE_WEBHOOK_SECRET: "whsec_abc123" })).toThrow(
      /^ {2}STRIPE_SECRET_KEY: required when any STRIPE_ setting is set$/m,
    );
    expect(loadConfig({ DATA_DIR: dataDir }).stripe).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        STRIPE_SECRET_KEY: "sk_live_abc123",
        STRIPE_WEBHOOK_SECRET: "whsec_abc123",
      }).stripe,
    ).toEqual({ secretKey: "sk_live_abc123", webhookSecret: "whsec_abc123", apiUrl: undefined });
  });

  it("receives mail only when asked, at the support address of the brand's domain by default", () => {
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({
      supportEmail: "support@harborline.example",
      inbound: {
        smtpPort: undefined,
        tls: undefined,
        webhookSecret: undefined,
        unverified: "refuse",
      },
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        HOST: "10.0.0.5",
        SUPPORT_EMAIL: "Help@Agency.example",
        INBOUND_SMTP_PORT: "2525",
        INBOUND_SMTP_TLS_KEY: "/etc/ssl/mx.key",
        INBOUND_SMTP_TLS_CERT: "/etc/ssl/mx.pem",
        INBOUND_WEBHOOK_SECRET: "a".repeat(24),
        INBOUND_UNVERIFIED: "mark",
      }),
    ).toMatchObject({
      supportEmail: "help@agency.example",
      inbound: {
        smtpPort: 2525,
        smtpHost: "10.0.0.5",
        tls: { keyFile: "/etc/ssl/mx.key", certFile: "/etc/ssl/mx.pem" },
        webhookSecret: "a".repeat(24),
        unverified: "mark",
      },
    });
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ DATA_DIR: dataDir, ...env });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(
      problems({
        SUPPORT_EMAIL: "support+tickets@agency.example",
        INBOUND_SMTP_PORT: "smtp",
        INBOUND_WEBHOOK_SECRET: "short",
        INBOUND_UNVERIFIED: "accept",
      }),
    ).toEqual([
      "SUPPORT_EMAIL: must be a plain address without a +tag: each ticket's replies go to its +tag",
      "INBOUND_SMTP_PORT: must be a port number",
      "INBOUND_WEBHOOK_SECRET: must be at least 24 characters: openssl rand -hex 24",
      "INBOUND_UNVERIFIED: must be refuse or mark (file it as a client's, marked as from an unverified sender)",
    ]);
    expect(problems({ INBOUND_SMTP_TLS_KEY: "/etc/ssl/mx.key" })).toEqual([
      "INBOUND_SMTP_TLS_CERT: required when any INBOUND_SMTP_TLS_ setting is set",
    ]);
  });

  it("stores attachments in S3 only when it is fully set up, naming what is missing", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).s3).toBeUndefined();
    let problems: string[] = [];
    try {
      loadConfig({ DATA_DIR: dataDir, S3_BUCKET: "harborline-files", S3_ENDPOINT: "ftp://x" });
    } catch (error) {
      problems = (error as ConfigError).problems;
    }
    expect(problems.sort()).toEqual(["S3_ENDPOINT: must be the storage service's http(s) URL"]);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, S3_BUCKET: "harborline-files", S3_FORCE_PATH_STYLE: "yes" }),
    ).toThrow(
      /S3_REGION: required when any S3_ setting is set\n.*S3_ACCESS_KEY_ID: required.*\n.*S3_SECRET_ACCESS_KEY: required/,
    );
    const s3 = {
      S3_BUCKET: "harborline-files",
      S3_REGION: "eu-west-1",
      S3_ACCESS_KEY_ID: "AKIAEXAMPLE",
      S3_SECRET_ACCESS_KEY: "secret",
    };
    expect(loadConfig({ DATA_DIR: dataDir, ...s3 }).s3).toEqual({
      bucket: "harborline-files",
      region: "eu-west-1",
      endpoint: undefined,
      accessKeyId: "AKIAEXAMPLE",
      secretAccessKey: "secret",
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        ...s3,
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_FORCE_PATH_STYLE: "true",
      }).s3,
    ).toMatchObject({ endpoint: "http://127.0.0.1:9000", forcePathStyle: true });
  });

  it("reads production settings", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgres://app@db/harborline",
      SESSION_SECRET: "s".repeat(40),
      PUBLIC_URL: "https://harborline.example/",
      ADMIN_EMAILS: "Owner@Harborline.example, ops@harborline.example",
      SMTP_URL: "smtp://mail.harborline.example:587",
    });
    expect(config).toMatchObject({
      publicUrl: "https://harborline.example",
      seedDemo: false,
      adminEmails: ["owner@harborline.example", "ops@harborline.example"],
      smtpUrl: "smtp://mail.harborline.example:587",
      mailFrom: "Harborline <no-reply@harborline.example>",
      oidc: undefined,
      // The monitor must not request the server's own network.
      monitorAllowPrivate: false,
    });
  });

  it("reads every form of TRUST_PROXY that docs/deploy.md lists, and refuses others", () => {
    const trustProxy = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value });
    expect(loadConfig({ DATA_DIR: dataDir }).trustProxy).toBe(false);
    expect(trustProxy("false").trustProxy).toBe(false);
    expect(trustProxy("0").trustProxy).toBe(false);
    expect(trustProxy("true").trustProxy).toBe(true);
    expect(trustProxy("1").trustProxy).toBe(1);
    expect(trustProxy("2").trustProxy).toBe(2);
    expect(trustProxy("10.0.0.7").trustProxy).toEqual(["10.0.0.7"]);
    expect(trustProxy(" 10.0.0.0/8, 172.16.0.0/255.240.0.0 ,fd00::/8,::1").trustProxy).toEqual([
      "10.0.0.0/8",
      "172.16.0.0/255.240.0.0",
      "fd00::/8",
      "::1",
    ]);
    expect(trustProxy("loopback,uniquelocal").trustProxy).toEqual(["loopback", "uniquelocal"]);
    for (const bad of [
      "yes",
      "proxy.example",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.1,",
      "-1",
      "1.5",
    ]) {
      expect(() => trustProxy(bad), bad).toThrow(/TRUST_PROXY: must be true, false, a hop count/);
    }
  });
});
