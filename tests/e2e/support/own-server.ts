import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SmtpSink } from "../../support/smtp-sink";
import {
  freePort,
  startServer,
  waitForReady,
  type ServerProcess,
} from "../../support/server-process";

/**
 * How long a journey's beforeAll gives a server of its own to start: it migrates and seeds a
 * fresh embedded database, which on a loaded machine takes far longer than a test's 30 s.
 */
export const OWN_SERVER_START_MS = 180_000;

export type OwnServer = ServerProcess & {
  /** Its embedded database and outbox folder. */
  dataDir: string;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
};

/**
 * A server of a journey's own, beside the shared one: the built bundle on a fresh embedded
 * database (with the demo's data) in a folder of its own, its links pointing at itself
 * (`host`: localhost where WebAuthn needs a name), its mail to `mail` when given, and the
 * journey's own settings in `env`, on `port` when given (else a free one). The rate limits are raised: a journey is many requests from
 * one address. Call it from a beforeAll that gives itself OWN_SERVER_START_MS.
 */
export async function startOwnServer(
  name: string,
  {
    env = {},
    mail,
    host = "127.0.0.1",
    port: fixedPort,
  }: { env?: Record<string, string>; mail?: SmtpSink; host?: string; port?: number } = {},
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `harborline-${name}-`));
  const port = fixedPort ?? (await freePort());
  const server = startServer(
    port,
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://${host}:${port}`,
      LOG_LEVEL: "warn",
      FORM_RATE_LIMIT: "1000",
      API_RATE_LIMIT: "100000",
      ...(mail ? { SMTP_URL: mail.url, MAIL_FROM: "Harborline <hello@harborline.example>" } : {}),
      ...env,
    },
    "build",
  );
  const close = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(server, OWN_SERVER_START_MS - 10_000);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...server, dataDir, close };
}
