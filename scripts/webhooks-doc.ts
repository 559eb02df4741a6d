/** Writes docs/webhooks.md from the guide the API document serves (one source). */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { format, resolveConfig } from "prettier";
import { webhookGuideFile } from "../src/server/webhooks/guide";

export const webhooksDocPath = fileURLToPath(new URL("../docs/webhooks.md", import.meta.url));

/** docs/webhooks.md as it should read: the guide, formatted as the repository formats Markdown. */
export async function webhooksDoc(): Promise<string> {
  const options = await resolveConfig(webhooksDocPath);
  return format(webhookGuideFile, { ...options, filepath: webhooksDocPath });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(webhooksDocPath, await webhooksDoc());
  console.log("Wrote docs/webhooks.md");
}
