import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo, Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/support/app";
import { fakeBuild } from "../../../tests/support/fake-build";
import { openRawConnection } from "../../../tests/support/raw-http";

/** A plain request head, as a browser or wrk sends one. */
const get = (target: string, headers: Record<string, string> = {}, method = "GET") =>
  `${method} ${target} HTTP/1.1\r\nHost: harborline.test\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;

/** The Date line is the only one that may differ between two answers a second apart. */
const withoutDate = (head: string) => head.replace(/\r\nDate: [^\r]*/, "\r\nDate: (now)");

describe.each([
  ["plain http", {}, {}],
  [
    "https behind a trusted proxy",
    { PUBLIC_URL: "https://harborline.example", TRUST_PROXY: "127.0.0.1" },
    { "X-Forwarded-Proto": "https" },
  ],
] as const)("built files answered on the socket, %s", (_case, env, forwarded) => {
  const dir = mkdtempSync(path.join(tmpdir(), "harborline-socket-"));
  /** Larger than any socket buffer: makes a client that does not read hold the server up. */
  const big = randomBytes(512 * 1024);
  let t: TestApp;
  let port: number;
  /** The URLs of the requests that reached Node's HTTP server, answered there or by Fastify. */
  const reachedNode: string[] = [];

  beforeAll(async () => {
    fakeBuild(dir);
    writeFileSync(path.join(dir, "assets", "big-abc123.bin"), big);
    t = await createTestApp("pglite", { ...env }, { clientDir: dir });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
    t.app.server.on("request", (request: { url: string }) => reachedNode.push(request.url));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("writes, byte for byte, what Node's server writes for the same request", async () => {
    const cases = [
      ["/", "gzip", "GET"],
      ["/about?utm_source=card", "br", "GET"],
      ["/assets/index-abc123.js", "identity", "GET"],
      ["/sitemap.xml", "gzip, deflate, br", "HEAD"],
      ["/favicon.svg", "gzip", "GET"],
    ] as const;
    for (const [target, encoding, method] of cases) {
      const headers = {
        "Accept-Encoding": encoding,
        "X-Request-Id": "req-0001-abcd",
        ...forwarded,
      };
      const onSocket = await openRawConnection(port);
      onSocket.write(get(target, headers, method));
      const fast = await onSocket.read(method === "HEAD");

      // A connection that has asked for a dynamic route belongs to Node's server from then on.
      const viaNode = await openRawConnection(port);
      viaNode.write(get("/healthz"));
      expect((await viaNode.read()).status).toBe(200);
      viaNode.write(get(target, headers, method));
      const node = await viaNode.read(method === "HEAD");

      const what = `${method} ${target} ${encoding}`;
      expect(fast.status, what).toBe(200);
      expect(withoutDate(fast.head), what).toBe(withoutDate(node.head));
      expect(fast.body.equals(node.body), what).toBe(true);

      // The same validator, sent back, gets 304 from both, and their heads match too.
      const etag = /\r\netag: ([^\r]*)/.exec(fast.head)![1]!;
      onSocket.write(get(target, { ...headers, "If-None-Match": etag }, method));
      viaNode.write(get(target, { ...headers, "If-None-Match": etag }, method));
      const [fresh, freshViaNode] = [await onSocket.read(), await viaNode.read()];
      expect(fresh.status, what).toBe(304);
      expect(withoutDate(fresh.head), what).toBe(withoutDate(freshViaNode.head));
      onSocket.close();
      viaNode.close();
    }
    // Node's server saw each request sent after /healthz, and none of those sent first.
    expect(reachedNode.filter((url) => url !== "/healthz")).toHaveLength(cases.length * 2);
  });

  it("answers requests sent together in order, and hands the rest to Node at the first it does not serve", async () => {
    reachedNode.length = 0;
    const connection = await openRawConnection(port);
    connection.write(get("/about") + get("/") + get("/api/auth/user") + get("/pricing"));
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await connection.read());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 401, 200]);
    expect(answers[0]!.body.toString()).toContain("<h1>about</h1>");
    expect(answers[1]!.body.toString()).toContain("<h1>Home</h1>");
    expect(answers[3]!.body.toString()).toContain("<h1>pricing</h1>");
    expect(reachedNode).toEqual(["/api/auth/user", "/pricing"]);
    connection.close();
  });

  it("answers whatever it takes as Node's server would: 300 generated request heads", async () => {
    // A small deterministic generator (mulberry32): the same heads on every run.
    let seed = 19;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(choices: readonly T[]) => choices[Math.floor(random() * choices.length)]!;
    // Mostly what browsers and wrk send, with one odd part now and then.
    const sometimes = <T>(usual: readonly T[], odd: readonly T[]) =>
      random() < 0.85 ? pick(usual) : pick(odd);
    const methods = [
      ["GET", "GET", "HEAD"],
      ["get", "POST", "OPTIONS"],
    ] as const;
    const targets = [
      ["/about", "/", "/assets/index-abc123.js", "/about?x=1", "/sitemap.xml"],
      ["*", "http://x/about", "//about", "/%61bout", "/about/", "/no-such-page"],
    ] as const;
    const versions = [["HTTP/1.1"], ["HTTP/1.0", "HTTP/1.2", "http/1.1"]] as const;
    const lines = [
      [
        "Accept-Encoding: gzip",
        "Accept-Encoding: br, gzip",
        "accept-encoding: gzip;q=0, identity",
        'If-None-Match: "nothing"',
        "X-Request-Id: edge-1234abcd",
        "X-Forwarded-Proto: https",
        "Connection: keep-alive",
        "Connection: Keep-Alive",
        "X-Tabs:\tvalue\t",
        "X-Empty:",
        "User-Agent: Mozilla/5.0 (X11; Linux x86_64)",
        "Cookie: a=b; c=d",
      ],
      [
        "Accept-Encoding:",
        "X-Request-Id: no",
        "X-Forwarded-Proto: http, https",
        "Connection: close",
        "Connection: upgrade",
        "Upgrade: websocket",
        "X-Odd: \u0080\u00ff",
        "Host: second.test",
        " folded: line",
        "Bad Name: value",
        "no colon",
        ": no name",
        "Content-Length: 0",
      ],
    ] as const;
    let onSocketCount = 0;
    for (let i = 0; i < 300; i++) {
      const heads = [
        `${sometimes(...methods)} ${sometimes(...targets)} ${sometimes(...versions)}`,
        ...(random() < 0.95 ? ["Host: harborline.test"] : []),
        ...Array.from({ length: Math.floor(random() * 4) }, () => sometimes(...lines)),
      ];
      if (random() < 0.1) heads.push(pick(["Content-Length: 2", "Transfer-Encoding: chunked"]));
      const body = heads.includes("Content-Length: 2")
        ? "hi"
        : heads.includes("Transfer-Encoding: chunked")
          ? "0\r\n\r\n"
          : "";
      const request = Buffer.from(`${heads.join("\r\n")}\r\n\r\n${body}`, "latin1");
      const bodiless = heads[0]!.startsWith("HEAD ");
      const normal = (answer: { head: string; body: Buffer }) => [
        withoutDate(answer.head).replace(/\r\nx-request-id: [^\r]*/i, "\r\nx-request-id: (id)"),
        answer.body.toString("latin1"),
      ];

      const onSocket = await openRawConnection(port);
      const before = reachedNode.length;
      onSocket.write(request);
      const fast = normal(await onSocket.read(bodiless));
      // Node's parser refuses some heads before any request reaches it: they were not answered
      // on the socket either, as the 400 (from Node) shows.
      if (reachedNode.length === before && !fast[0]!.startsWith("HTTP/1.1 400")) onSocketCount++;
      const viaNode = await openRawConnection(port);
      viaNode.write(get("/healthz"));
      await viaNode.read();
      viaNode.write(request);
      const node = normal(await viaNode.read(bodiless));
      const what = JSON.stringify(request.toString("latin1"));
      expect(fast, what).toEqual(node);
      // And both connections are left in the same state: a body is never read as a request.
      if (/\r\nConnection: keep-alive/i.test(fast[0]!)) {
        onSocket.write(get("/pricing"));
        viaNode.write(get("/pricing"));
        expect(normal(await onSocket.read()), `${what}, then /pricing`).toEqual(
          normal(await viaNode.read()),
        );
      }
      onSocket.close();
      viaNode.close();
    }
    // Both sides were tried: many heads answered on the socket, many left to Node.
    expect(onSocketCount).toBeGreaterThan(60);
    expect(onSocketCount).toBeLessThan(240);
  });

  it("leaves to Node every request that is not a plain one, and Node answers it", async () => {
    const cases: [string, string | Buffer, number][] = [
      ["HTTP/1.0", "GET /about HTTP/1.0\r\nHost: x\r\n\r\n", 200],
      ["a body", "GET /about HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", 200],
      ["two Host lines", "GET /about HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 200],
      [
        "a repeated Accept-Encoding",
        "GET /about HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\naccept-encoding: gzip\r\n\r\n",
        200,
      ],
      ["no Host line", "GET /about HTTP/1.1\r\n\r\n", 400],
      ["a line without a name", "GET /about HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400],
      ["a folded line", "GET /about HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n  folded\r\n\r\n", 400],
      ["a bare line feed", "GET /about HTTP/1.1\r\nHost: x\nX-A: 1\r\n\r\n", 400],
      ["a space in a name", "GET /about HTTP/1.1\r\nHost: x\r\nAccept Encoding: gzip\r\n\r\n", 400],
      ["a control character", "GET /about HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n", 400],
      ["an absolute target", "GET http://x/about HTTP/1.1\r\nHost: x\r\n\r\n", 404],
      ["another method", "DELETE /about HTTP/1.1\r\nHost: x\r\n\r\n", 404],
    ];
    for (const [what, request, status] of cases) {
      reachedNode.length = 0;
      const connection = await openRawConnection(port);
      connection.write(request);
      const answer = await connection.read();
      expect(answer.status, what).toBe(status);
      // A 400 is Node's parser refusing the head before any request is made of it.
      if (status !== 400) expect(reachedNode, what).toHaveLength(1);
      connection.close();
    }
  });

  it("leaves a head that arrives in pieces to Node, and closes when asked to", async () => {
    reachedNode.length = 0;
    const connection = await openRawConnection(port);
    connection.write("GET /about HTTP/1.1\r\nHo");
    await new Promise((resolve) => setTimeout(resolve, 50));
    connection.write("st: x\r\n\r\n");
    const answer = await connection.read();
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain("<h1>about</h1>");
    expect(reachedNode).toEqual(["/about"]);

    const closing = await openRawConnection(port);
    closing.write(get("/about", { Connection: "close" }));
    const last = await closing.read();
    expect(last.status).toBe(200);
    expect(last.head).toMatch(/\r\nConnection: close/);
    await closing.closed;
    connection.close();
  });

  it("waits for a client that does not read before answering its next requests", async () => {
    const count = 24;
    const serverSide = new Promise<Socket>((resolve) => t.app.server.once("connection", resolve));
    const connection = await openRawConnection(port);
    connection.socket.pause();
    connection.write(get("/assets/big-abc123.bin").repeat(count));
    // Twelve megabytes asked for: far more than the socket buffers hold, so the server waits,
    // holding one answer in memory rather than all of them.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await serverSide).writableLength).toBeLessThan(2 * big.length);
    connection.socket.resume();
    for (let i = 0; i < count; i++) {
      const answer = await connection.read();
      expect(answer.status).toBe(200);
      expect(answer.body.equals(big), `answer ${i + 1}`).toBe(true);
    }
    connection.close();
  });
});

describe("closing with connections held on the socket", () => {
  it("closes idle ones with the server, and cuts one that is not reading when the grace runs out", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "harborline-socket-"));
    fakeBuild(dir);
    writeFileSync(path.join(dir, "assets", "big-abc123.bin"), randomBytes(512 * 1024));
    const t = await createTestApp("pglite", {}, { clientDir: dir });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const port = (t.app.server.address() as AddressInfo).port;

    const idle = await openRawConnection(port);
    idle.write(get("/about"));
    expect((await idle.read()).status).toBe(200);
    // Left idle, it would hold app.close() until the keep-alive timeout (65 s) ran out.
    const closed = t.app.close();
    await idle.closed;

    const app = await createTestApp("pglite", {}, { clientDir: dir });
    await app.app.listen({ port: 0, host: "127.0.0.1" });
    const serverSide = new Promise<Socket>((resolve) => app.app.server.once("connection", resolve));
    const stuck = await openRawConnection((app.app.server.address() as AddressInfo).port);
    stuck.socket.pause();
    stuck.write(get("/assets/big-abc123.bin").repeat(24));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const stopping = app.close();
    // What main does when the shutdown's grace runs out.
    app.app.server.closeAllConnections();
    expect((await serverSide).destroyed).toBe(true);
    stuck.socket.resume();
    await stuck.closed;
    await Promise.all([closed, stopping, t.close()]);
    rmSync(dir, { recursive: true, force: true });
  });
});
