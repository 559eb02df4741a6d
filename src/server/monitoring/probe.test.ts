import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { close, listen, type Server } from "../../../tests/support/local-server";
import { isForbiddenAddress } from "../net/addresses";
import { probe } from "./probe";

const openssl = (dir: string, ...args: string[]) =>
  execFileSync("/usr/bin/openssl", args, { cwd: dir, stdio: "pipe" });

/** A test CA, a leaf for 127.0.0.1 it signed valid 5 days, and a self-signed leaf. */
function makeCertificates() {
  const dir = mkdtempSync(path.join(tmpdir(), "monitor-certs-"));
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  openssl(
    dir,
    "req",
    "-x509",
    ...ec,
    "-keyout",
    "ca.key",
    "-out",
    "ca.crt",
    "-days",
    "30",
    "-subj",
    "/CN=Monitor Test CA",
  );
  openssl(dir, "req", ...ec, "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/CN=127.0.0.1");
  writeFileSync(path.join(dir, "ext.cnf"), "subjectAltName=IP:127.0.0.1\n");
  openssl(
    dir,
    "x509",
    "-req",
    "-in",
    "leaf.csr",
    "-CA",
    "ca.crt",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-out",
    "leaf.crt",
    "-days",
    "5",
    "-extfile",
    "ext.cnf",
  );
  openssl(
    dir,
    "req",
    "-x509",
    ...ec,
    "-keyout",
    "self.key",
    "-out",
    "self.crt",
    "-days",
    "30",
    "-subj",
    "/CN=127.0.0.1",
    "-addext",
    "subjectAltName=IP:127.0.0.1",
  );
  const read = (name: string) => readFileSync(path.join(dir, name), "utf8");
  const certificates = {
    ca: read("ca.crt"),
    leaf: { key: read("leaf.key"), cert: read("leaf.crt") },
    self: { key: read("self.key"), cert: read("self.crt") },
  };
  rmSync(dir, { recursive: true, force: true });
  return certificates;
}

describe("the probe", () => {
  const servers: Server[] = [];
  const urls: Record<string, string> = {};
  let ca = "";

  beforeAll(async () => {
    const certificates = makeCertificates();
    ca = certificates.ca;
    const handler =
      (status: number, delayMs = 0, location?: string) =>
      (req: http.IncomingMessage, res: http.ServerResponse) => {
        setTimeout(() => {
          res.writeHead(status, location ? { location } : {});
          res.end("hello");
        }, delayMs);
      };
    const add = async (name: string, server: Server) => {
      servers.push(server);
      urls[name] = await listen(server);
    };
    await add("up", http.createServer(handler(200)));
    await add("slow", http.createServer(handler(200, 2_000)));
    await add("error", http.createServer(handler(500)));
    await add("missing", http.createServer(handler(404)));
    await add("redirect", http.createServer(handler(302, 0, urls.up)));
    await add("toPrivate", http.createServer(handler(301, 0, "http://10.0.0.1/")));
    await add("tls5days", https.createServer(certificates.leaf, handler(200)));
    await add("selfSigned", https.createServer(certificates.self, handler(200)));
    const closed = http.createServer();
    urls.refused = await listen(closed);
    await close(closed);
  });
  afterAll(async () => {
    await Promise.all(servers.map(close));
  });

  const dev = { allowPrivate: true, timeoutMs: 500 };

  it("sees a site up, with its status and response time, following redirects", async () => {
    const up = await probe(urls.up!, dev);
    expect(up).toMatchObject({ ok: true, statusCode: 200, cause: null, detail: null });
    expect(up.responseMs).toBeGreaterThanOrEqual(0);
    expect(await probe(urls.redirect!, dev)).toMatchObject({ ok: true, statusCode: 200 });
  });

  it("names the cause of each failure", async () => {
    expect(await probe(urls.slow!, dev)).toMatchObject({
      ok: false,
      cause: "timeout",
      detail: "no answer in time",
    });
    expect(await probe(urls.error!, dev)).toMatchObject({
      ok: false,
      statusCode: 500,
      cause: "http",
      detail: "HTTP 500",
    });
    expect(await probe(urls.missing!, dev)).toMatchObject({
      ok: false,
      statusCode: 404,
      cause: "http",
      detail: "HTTP 404",
    });
    expect(await probe(urls.refused!, dev)).toMatchObject({
      ok: false,
      cause: "refused",
      detail: "connection refused",
    });
    expect(await probe("http://nonexistent.invalid/", dev)).toMatchObject({
      ok: false,
      cause: "dns",
    });
    expect(await probe("ftp://example.com/", dev)).toMatchObject({ ok: false, cause: "error" });
  });

  it("fails a self-signed certificate as tls, and reads a trusted one's expiry", async () => {
    expect(await probe(urls.selfSigned!, dev)).toMatchObject({
      ok: false,
      cause: "tls",
      detail: "self-signed certificate",
    });
    // Untrusted CA: a failure too.
    expect(await probe(urls.tls5days!, dev)).toMatchObject({ ok: false, cause: "tls" });
    const trusted = await probe(urls.tls5days!, { ...dev, ca });
    expect(trusted).toMatchObject({ ok: true, statusCode: 200 });
    const daysLeft = (trusted.certExpiresAt!.getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(4.9);
    expect(daysLeft).toBeLessThanOrEqual(5);
  });

  it("in production refuses private, loopback and link-local addresses, redirects included", async () => {
    const production = { allowPrivate: false, timeoutMs: 500 };
    for (const address of [
      "http://127.0.0.1/",
      "http://10.1.2.3/",
      "http://169.254.169.254/latest",
      "http://[::1]/",
      "http://localhost/",
    ]) {
      const result = await probe(address, production);
      expect(result, address).toMatchObject({ ok: false, cause: "error" });
      expect(result.detail, address).toMatch(/^not checked: .* private or reserved address$/);
    }
    // The first hop stands for a public site; its redirect to 10.0.0.1 is refused unrequested.
    const hop = await probe(urls.toPrivate!, { ...production, allowAddresses: ["127.0.0.1"] });
    expect(hop).toMatchObject({
      ok: false,
      cause: "error",
      detail: "not checked: 10.0.0.1 is a private or reserved address",
    });
    for (const address of [
      "10.0.0.1",
      "100.64.0.1",
      "172.16.0.1",
      "192.168.1.1",
      "224.0.0.1",
      "0.0.0.0",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "ff02::1",
    ]) {
      expect(isForbiddenAddress(address), address).toBe(true);
    }
    for (const address of ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946", "8.8.8.8"]) {
      expect(isForbiddenAddress(address), address).toBe(false);
    }
  });
});
