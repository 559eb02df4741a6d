import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { webhooksDoc, webhooksDocPath } from "./webhooks-doc";

it("docs/webhooks.md is the guide the API reference serves, as written by npm run docs:webhooks", async () => {
  expect(readFileSync(webhooksDocPath, "utf8")).toBe(await webhooksDoc());
});
