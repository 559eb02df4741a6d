import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { startSmtpSink, type ReceivedEmail, type SmtpSink } from "../support/smtp-sink";
import {
  freePort,
  startServer,
  waitForReady,
  type ServerProcess,
} from "../support/server-process";
import { expect, test } from "./support/fixtures";
import { combobox, formReady, humanPause, textbox } from "./support/forms";

/*
 * The whole path from a visitor's application to a paid-for project, in the browser, on a server
 * of its own that sends its mail to a real SMTP sink: apply, staff convert the lead and write a
 * proposal with catalogue lines and the payment plan, the client accepts it through the emailed
 * link, the project opens with three milestones, staff post an update and ask for an approval,
 * and the client approves. Each step's email is read from the sink.
 */

const agencyInbox = "studio@harborline.example";
const applicant = {
  name: "Morgan Blake",
  email: "morgan@tidewatercafe.example",
  phone: "(253) 555-0142",
  company: "Tidewater Cafe",
};

let sink: SmtpSink;
let server: ServerProcess;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  sink = await startSmtpSink();
  dataDir = mkdtempSync(path.join(tmpdir(), "harborline-path-"));
  const port = await freePort();
  server = startServer(port, {
    DATA_DIR: dataDir,
    // The links in the emails must reach this server.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: sink.url,
    MAIL_FROM: "Harborline <hello@harborline.example>",
    AGENCY_INBOX: agencyInbox,
    LOG_LEVEL: "warn",
    FORM_RATE_LIMIT: "1000",
    API_RATE_LIMIT: "100000",
  });
  await waitForReady(server);
});

test.afterAll(async () => {
  await server?.stop();
  await sink?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The first email to `to` whose subject matches, arrived after `from` emails. */
function mailTo(to: string, subject: RegExp, from = 0): Promise<ReceivedEmail> {
  return sink.waitForMail(
    (mail) => mail.to.includes(to) && subject.test(mail.subject),
    from,
    20_000,
  );
}

/** The link in an email that starts with `prefix`. */
function linkIn(mail: ReceivedEmail, prefix: string): string {
  const match = mail.text.match(new RegExp(`${prefix.replace(/[.?]/g, "\\$&")}[^\\s"<>\\]]+`));
  if (!match) throw new Error(`no ${prefix} link in "${mail.subject}":\n${mail.text}`);
  return match[0].replace(/&amp;/g, "&");
}

async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url });
  return { context, page: await context.newPage() };
}
