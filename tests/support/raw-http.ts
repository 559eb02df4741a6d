import { once } from "node:events";
import { request } from "node:http";
import { connect } from "node:net";
import { Writable } from "node:stream";
import { REQUEST_LINE } from "../../src/server/plugins/request-log";
import { perAnswerHeaders } from "../../src/server/plugins/security";

/** An answer with its header lines as sent (names as written, in order). */
export type RawAnswer = { status: number; rawHeaders: string[]; body: Buffer };

/** A real HTTP request to a listening server, keeping the header lines as sent. */
export function fetchRaw(
  port: number,
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string | Buffer,
) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: url, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

const pairs = (raw: string[]) => raw.flatMap((_, i) => (i % 2 ? [] : [[raw[i]!, raw[i + 1]!]]));

/** The security header lines, in order: every header but what one answer has of its own. */
export const securityLines = (raw: string[]) =>
  pairs(raw)
    .filter(
      ([name]) =>
        !perAnswerHeaders.has(name!.toLowerCase()) || name!.toLowerCase() === "permissions-policy",
    )
    .map(([name, value]) => `${name}: ${value}`);

/** One header's value, by its lower-case name. */
export const header = (raw: string[], name: string) =>
  pairs(raw).find(([key]) => key!.toLowerCase() === name)?.[1];

/**
 * A log stream for an app under test, and the route patterns of the requests Fastify itself
 * handled, from the one line each writes (plugins/request-log.ts): what an answer given before
 * Fastify never shows up in. The built pages' route is `/*`.
 */
export function routedRequestLog() {
  const routed: string[] = [];
  const log = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) {
        const entry = JSON.parse(line) as { msg?: string; route?: string | null };
        if (entry.msg === REQUEST_LINE) routed.push(entry.route ?? "(no route)");
      }
      done();
    },
  });
  return { routed, log };
}

/** An answer read off a raw connection: its head as text, its body, and all its bytes. */
export type RawExchange = { head: string; status: number; body: Buffer; bytes: Buffer };

/**
 * One keep-alive connection written to byte for byte, for what a client library would tidy
 * away: pipelined requests, malformed heads, heads split across packets. Answers are read whole,
 * in order, by their Content-Length.
 */
export async function openRawConnection(port: number) {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  let buffered = Buffer.alloc(0);
  let ended = false;
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((resume) => resume());
  socket.on("data", (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    wake();
  });
  socket.on("end", () => {
    ended = true;
    wake();
  });
  const closed = once(socket, "close");
  const more = () =>
    new Promise<void>((resolve, reject) =>
      ended ? reject(new Error("the server ended the connection")) : waiting.push(resolve),
    );
  return {
    socket,
    write: (bytes: string | Buffer) => void socket.write(bytes),
    /** The next answer; `bodiless` for the answer to a HEAD request. */
    async read(bodiless = false): Promise<RawExchange> {
      let headEnd: number;
      while ((headEnd = buffered.indexOf("\r\n\r\n")) === -1) await more();
      const head = buffered.toString("latin1", 0, headEnd);
      const status = Number(head.split(" ")[1]);
      const length =
        bodiless || status === 304 ? 0 : Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      while (buffered.length < headEnd + 4 + length) await more();
      const bytes = buffered.subarray(0, headEnd + 4 + length);
      buffered = buffered.subarray(bytes.length);
      return { head, status, body: bytes.subarray(headEnd + 4), bytes };
    },
    /** Resolves once the server has closed the connection. */
    closed,
    close: () => socket.destroy(),
  };
}
