import type { Server } from "node:http";
import type { Socket } from "node:net";
import { type AnswerTail, type PreparedFiles, variantFor } from "./static-fast-path";

/**
 * Answers the built pages and files on a new connection straight from its socket, before Node's
 * HTTP server makes a request and a response of each (decision 017). Only plain requests are
 * answered here: GET or HEAD of a built file, HTTP/1.1, one Host, no body, every header line
 * well formed, the head whole in what has arrived. At the first request that is anything else,
 * the connection, with the bytes not yet answered, goes to Node's HTTP server for good, which
 * answers it (and refuses what is malformed) as it answers every other connection. Each answer
 * is, byte for byte, what Node's server writes for the same request through the request-level
 * fast path: the same headers, then Date, Connection and Keep-Alive (a test compares them).
 */
export type SocketAnswer = (head: string, socket: Socket) => boolean;

/** Node's largest request head (--max-http-header-size): anything longer is Node's to refuse. */
const MAX_HEAD_BYTES = 16 * 1024;
/** A header name: an RFC 9110 token. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Control characters, or a CR or LF that is not part of a CRLF line end. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const MALFORMED = /[\0-\x08\x0b\x0c\x0e-\x1f\x7f]|\r(?!\n)|(?<!\r)\n/;
/** The headers an answer depends on, each sent at most once. */
const READ_HEADERS = new Set([
  "accept-encoding",
  "if-none-match",
  "x-request-id",
  "x-forwarded-proto",
]);
/** A body, a change of protocol or an expectation: not a plain request. */
const NOT_PLAIN = new Set(["content-length", "transfer-encoding", "upgrade", "expect"]);
/** An origin-form target: a path and query of visible ASCII. */
const ORIGIN_FORM = /^\/[!-~]*$/;

/** The Date line's value, worked out once a second as Node does. */
let dateSecond = -1;
let dateText = "";
function httpDate() {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(now).toUTCString();
  }
  return dateText;
}

/** Strips optional whitespace (space and tab only) from both ends of a header value. */
function trimWhitespace(value: string) {
  let start = 0;
  let end = value.length;
  while (start < end && (value[start] === " " || value[start] === "\t")) start++;
  while (end > start && (value[end - 1] === " " || value[end - 1] === "\t")) end--;
  return value.slice(start, end);
}

/** The headers a built file's answer depends on, read from a raw head; undefined: not ours. */
function readHead(head: string) {
  if (head.length > MAX_HEAD_BYTES || MALFORMED.test(head)) return undefined;
  const lineEnd = head.indexOf("\r\n");
  const requestLine = lineEnd === -1 ? head : head.slice(0, lineEnd);
  const methodEnd = requestLine.indexOf(" ");
  const targetEnd = requestLine.lastIndexOf(" ");
  if (methodEnd === -1 || targetEnd === methodEnd) return undefined;
  const method = requestLine.slice(0, methodEnd);
  const target = requestLine.slice(methodEnd + 1, targetEnd);
  if (
    (method !== "GET" && method !== "HEAD") ||
    requestLine.slice(targetEnd + 1) !== "HTTP/1.1" ||
    !ORIGIN_FORM.test(target)
  ) {
    return undefined;
  }
  const headers = new Map<string, string>();
  let hosts = 0;
  let start = lineEnd + 2;
  while (lineEnd !== -1 && start < head.length) {
    const end = head.indexOf("\r\n", start);
    const line = head.slice(start, end === -1 ? head.length : end);
    start = end === -1 ? head.length : end + 2;
    const colon = line.indexOf(":");
    // A folded line (leading whitespace) or a line without a name is Node's to refuse.
    if (colon <= 0) return undefined;
    const name = line.slice(0, colon);
    if (!TOKEN.test(name)) return undefined;
    const value = trimWhitespace(line.slice(colon + 1));
    const lower = name.toLowerCase();
    if (READ_HEADERS.has(lower)) {
      // Node would join a repeated header's values: leave that to it.
      if (headers.has(lower)) return undefined;
      headers.set(lower, value);
    } else if (lower === "host") {
      hosts++;
    } else if (lower === "connection") {
      // Close, upgrade and the rest are Node's to honour.
      if (value.toLowerCase() !== "keep-alive") return undefined;
    } else if (NOT_PLAIN.has(lower)) {
      return undefined;
    }
  }
  return hosts === 1 ? { method, target, headers } : undefined;
}

/** Answers a raw request head for a built file on its socket: false when it is not one. */
export function createSocketAnswer({
  files,
  tail,
  keepAliveTimeoutMs,
  closing,
}: {
  files: PreparedFiles;
  tail: AnswerTail;
  /** The Keep-Alive line's timeout, as Node writes it from the server's keepAliveTimeout. */
  keepAliveTimeoutMs: number;
  /** While the server closes, Node and Fastify answer (503). */
  closing: () => boolean;
}): SocketAnswer {
  const connectionLines = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(
    keepAliveTimeoutMs / 1000,
  )}\r\n\r\n`;
  return (head, socket) => {
    const request = readHead(head);
    const entry = request && files.find(request.target);
    if (!request || !entry || closing()) return false;
    const { encoding, variant } = variantFor(entry, request.headers.get("accept-encoding"));
    const fresh = request.headers.get("if-none-match") === variant.etag;
    let text = `HTTP/1.1 ${fresh ? "304 Not Modified" : "200 OK"}\r\n${entry.lines[encoding]!}`;
    const pairs = tail.pairs({
      forwardedProto: request.headers.get("x-forwarded-proto"),
      requestIdHeader: request.headers.get("x-request-id"),
      socket,
    });
    for (let i = 0; i < pairs.length; i += 2) text += `${pairs[i]}: ${pairs[i + 1]}\r\n`;
    if (!fresh) text += `content-length: ${variant.body.length}\r\n`;
    text += `Date: ${httpDate()}\r\n${connectionLines}`;
    if (fresh || request.method === "HEAD") {
      socket.write(text, "latin1");
    } else {
      socket.cork();
      socket.write(text, "latin1");
      socket.write(variant.body);
      socket.uncork();
    }
    return true;
  };
}

/**
 * Puts the socket fast path in front of an HTTP server: each new connection is read here first,
 * and handed to the server's own connection handling at its first request that is not a plain
 * one for a built file.
 */
export function answerOnSockets(
  server: Server,
  {
    answer,
    headersTimeoutMs,
    keepAliveTimeoutMs,
  }: {
    /** Unset until the app knows its security headers: then every connection goes to Node. */
    answer: () => SocketAnswer | undefined;
    /** How long a new connection may take to send its first request head. */
    headersTimeoutMs: number;
    /** How long a connection may sit idle after an answer. */
    keepAliveTimeoutMs: number;
  },
) {
  const [nodeConnection] = server.listeners("connection") as ((socket: Socket) => void)[];
  if (!nodeConnection)
    throw new Error("the HTTP server has no connection handling to put a fast path in front of");
  server.removeListener("connection", nodeConnection);
  const held = new Set<Socket>();

  server.on("connection", (socket: Socket) => {
    /** Requests read but not yet answered while an answer waits to drain. */
    let waiting: Buffer | undefined;
    let answered = false;

    const release = () => {
      socket.removeListener("data", onData);
      socket.removeListener("drain", onDrain);
      socket.removeListener("timeout", onTimeout);
      socket.removeListener("error", onError);
      socket.setTimeout(0);
      held.delete(socket);
    };
    const handOff = (unanswered: Buffer) => {
      release();
      // Node's server reads these bytes first, then the socket as it would any new connection.
      if (unanswered.length > 0) socket.unshift(unanswered);
      nodeConnection.call(server, socket);
    };
    const serve = (bytes: Buffer) => {
      const respond = answer();
      let start = 0;
      while (start < bytes.length) {
        const headEnd = bytes.indexOf("\r\n\r\n", start, "latin1");
        if (headEnd === -1 || !respond?.(bytes.toString("latin1", start, headEnd), socket)) {
          handOff(bytes.subarray(start));
          return;
        }
        start = headEnd + 4;
        if (!answered) {
          answered = true;
          socket.setTimeout(keepAliveTimeoutMs);
        }
        // A client that sends requests faster than it reads the answers waits for them to drain.
        if (socket.writableNeedDrain && start < bytes.length) {
          waiting = bytes.subarray(start);
          socket.pause();
          return;
        }
      }
    };
    // Once closing has ended the socket, what the client still sends goes unanswered.
    const onData = (chunk: Buffer) => socket.writableEnded || serve(chunk);
    const onDrain = () => {
      if (!waiting) return;
      const bytes = waiting;
      waiting = undefined;
      socket.resume();
      serve(bytes);
    };
    const onTimeout = () => socket.destroy();
    const onError = () => socket.destroy();

    held.add(socket);
    socket.on("data", onData);
    socket.on("drain", onDrain);
    socket.on("timeout", onTimeout);
    socket.on("error", onError);
    socket.once("close", () => held.delete(socket));
    socket.setTimeout(headersTimeoutMs);
  });

  // The connections held here close with Node's own: idle ones when the server closes (it calls
  // closeIdleConnections), the rest when the shutdown's grace runs out (closeAllConnections).
  const closeIdle = server.closeIdleConnections.bind(server);
  const closeAll = server.closeAllConnections.bind(server);
  server.closeIdleConnections = () => {
    for (const socket of held) socket.destroySoon();
    closeIdle();
  };
  server.closeAllConnections = () => {
    for (const socket of held) socket.destroy();
    closeAll();
  };
}
