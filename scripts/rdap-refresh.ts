/**
 * `npm run rdap:refresh`: replaces the shipped RDAP bootstrap file (src/server/domains/
 * rdap-dns.json) with IANA's current one, or the one RDAP_BOOTSTRAP_URL names, once it has been
 * checked: an RFC 9224 file that knows where .com domains are looked up. Commit the result; the
 * next build ships it.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import {
  fetchBootstrap,
  IANA_BOOTSTRAP_URL,
  rdapBaseUrl,
  type Bootstrap,
} from "../src/server/domains/rdap";

export const SHIPPED_BOOTSTRAP_FILE = fileURLToPath(
  new URL("../src/server/domains/rdap-dns.json", import.meta.url),
);

export async function refreshBootstrapFile(
  url = IANA_BOOTSTRAP_URL,
  file = SHIPPED_BOOTSTRAP_FILE,
): Promise<Bootstrap> {
  // IANA's file is about 40 KB.
  const bootstrap = await fetchBootstrap(url, { timeoutMs: 30_000, maxBytes: 5_000_000 });
  if (!rdapBaseUrl(bootstrap, "example.com")) {
    throw new Error(`${url} does not say where .com domains are looked up: not the file for DNS`);
  }
  // Formatted as the repository's formatter would, so the check passes on the refreshed file.
  const options = await prettier.resolveConfig(file);
  const text = await prettier.format(JSON.stringify(bootstrap), { ...options, filepath: file });
  await writeFile(file, text);
  return bootstrap;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.RDAP_BOOTSTRAP_URL ?? IANA_BOOTSTRAP_URL;
  try {
    const bootstrap = await refreshBootstrapFile(url);
    console.log(
      `Wrote ${SHIPPED_BOOTSTRAP_FILE}: ${bootstrap.services.length} services, published ${bootstrap.publication}`,
    );
  } catch (error) {
    console.error(`Could not refresh the RDAP bootstrap file: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
