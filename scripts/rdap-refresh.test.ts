import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as prettier from "prettier";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRdapStandIn, type RdapStandIn } from "../tests/support/rdap-stand-in";
import { bootstrapSchema, rdapBaseUrl } from "../src/server/domains/rdap";
import { refreshBootstrapFile, SHIPPED_BOOTSTRAP_FILE } from "./rdap-refresh";

describe("npm run rdap:refresh", () => {
  let standIn: RdapStandIn;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    standIn = await startRdapStandIn();
    dir = mkdtempSync(path.join(tmpdir(), "rdap-refresh-"));
    file = path.join(dir, "rdap-dns.json");
  });
  afterAll(async () => {
    await standIn.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("rewrites the file with the one downloaded, formatted as the repository's check wants", async () => {
    copyFileSync(SHIPPED_BOOTSTRAP_FILE, file);
    await refreshBootstrapFile(standIn.bootstrapUrl, file);
    const text = readFileSync(file, "utf8");
    const written = bootstrapSchema.parse(JSON.parse(text));
    expect(written.publication).toBe("2026-11-02T09:00:00Z");
    expect(rdapBaseUrl(written, "riverabakery.com")).toBe(`${standIn.url}com/v1/`);
    const options = await prettier.resolveConfig(SHIPPED_BOOTSTRAP_FILE);
    expect(await prettier.check(text, { ...options, filepath: file })).toBe(true);
  });

  it("leaves the file as it was when the download is not a bootstrap file", async () => {
    copyFileSync(SHIPPED_BOOTSTRAP_FILE, file);
    await expect(
      refreshBootstrapFile(`${standIn.url}com/v1/domain/missing.com`, file),
    ).rejects.toThrow("The bootstrap server has no record of it (404)");
    expect(readFileSync(file, "utf8")).toBe(readFileSync(SHIPPED_BOOTSTRAP_FILE, "utf8"));
  });

  it("would rewrite the shipped file to the same bytes from the same content", async () => {
    const shipped = readFileSync(SHIPPED_BOOTSTRAP_FILE, "utf8");
    const options = await prettier.resolveConfig(SHIPPED_BOOTSTRAP_FILE);
    const parsed = bootstrapSchema.parse(JSON.parse(shipped));
    const again = await prettier.format(JSON.stringify(parsed), {
      ...options,
      filepath: SHIPPED_BOOTSTRAP_FILE,
    });
    expect(again).toBe(shipped);
  });
});
