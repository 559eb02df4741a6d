import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

/**
 * The newest one-time sign-in link emailed to `email` (in an email that mentions `mention`, when
 * given), from the .eml files the server writes to DATA_DIR/outbox/ when no SMTP server is set
 * (quoted-printable undone).
 */
export async function emailedLink(email: string, mention?: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let link: string | undefined;
  await expect(async () => {
    for (const file of readdirSync(folder).sort().reverse()) {
      const text = readFileSync(path.join(folder, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      if (!text.includes(`To: ${email}`) || (mention && !text.includes(mention))) continue;
      link = text.match(/https?:\/\/[^\s"<>]+\/api\/login\/email\?token=[\w-]+/)?.[0];
      if (link) return;
    }
    throw new Error(`no email to ${email}${mention ? ` mentioning ${mention}` : ""} yet`);
  }).toPass({ timeout: 15_000 });
  return link!;
}
