import { request } from "node:http";
import { Writable } from "node:stream";
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
 * A log stream for an app under test, and the URLs of the requests Fastify itself handled (it
 * logs each at info level): what an answer given before Fastify never shows up in.
 */
export function routedRequestLog() {
  const routedUrls: string[] = [];
  const log = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) {
        const url = (JSON.parse(line) as { req?: { url?: string } }).req?.url;
        if (url) routedUrls.push(url);
      }
      done();
    },
  });
  return { routedUrls, log };
}
