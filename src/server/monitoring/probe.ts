import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { TLSSocket } from "node:tls";
import type { CheckFailureCause } from "../db/schema";
import { ForbiddenAddressError, guardedLookup, isForbiddenAddress } from "../net/addresses";
import { bodyContains, keywordFailure, type KeywordCheck } from "./page-keyword";

/** What one check of a site saw. */
export type ProbeResult = {
  ok: boolean;
  /** The last answer's status (after redirects), if any arrived. */
  statusCode: number | null;
  /** From the first request to the last answer's headers, redirects included (not the body). */
  responseMs: number;
  cause: CheckFailureCause | null;
  /** For people: "HTTP 503", "connection refused", "certificate has expired", ... */
  detail: string | null;
  /** The certificate's expiry, when the last answer came over https. */
  certExpiresAt: Date | null;
};

export type ProbeOptions = {
  /** Whether private, loopback, link-local, ... addresses may be checked (never in production). */
  allowPrivate: boolean;
  /** For the whole check, redirects included (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed (default 5); one more is a failure. */
  maxRedirects?: number;
  /** Addresses allowed despite the guard (tests only: a local server as the "public" first hop). */
  allowAddresses?: string[];
  /** Extra trusted certificate authorities (tests only: the system's are trusted otherwise). */
  ca?: string | string[];
};

export const PROBE_TIMEOUT_MS = 10_000;
export const PROBE_MAX_REDIRECTS = 5;

type Hop =
  | {
      kind: "answer";
      statusCode: number;
      location: string | undefined;
      certExpiresAt: Date | null;
      /** When the headers came (performance.now()). */
      answeredAt: number;
      /** Whether the body holds the keyword looked for; undefined when none was. */
      keywordFound?: boolean;
    }
  | { kind: "failure"; cause: CheckFailureCause; detail: string };

const TLS_DETAILS: Record<string, string> = {
  CERT_HAS_EXPIRED: "certificate has expired",
  CERT_NOT_YET_VALID: "certificate is not yet valid",
  DEPTH_ZERO_SELF_SIGNED_CERT: "self-signed certificate",
  SELF_SIGNED_CERT_IN_CHAIN: "self-signed certificate in the chain",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "certificate cannot be verified",
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: "certificate issuer is unknown",
  ERR_TLS_CERT_ALTNAME_INVALID: "certificate does not name this domain",
};

/** Sorts a connection or request error into a cause and words for people. */
export function classifyError(error: unknown): { cause: CheckFailureCause; detail: string } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "";
  const message = error instanceof Error ? error.message : String(error);
  if (code === ForbiddenAddressError.code)
    return { cause: "error", detail: `not checked: ${message}` };
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") {
    return { cause: "dns", detail: "domain name does not resolve" };
  }
  if (code === "ECONNREFUSED") return { cause: "refused", detail: "connection refused" };
  if (code === "ETIMEDOUT" || code === "EMONITORTIMEOUT") {
    return { cause: "timeout", detail: "no answer in time" };
  }
  if (TLS_DETAILS[code]) return { cause: "tls", detail: TLS_DETAILS[code] };
  if (/CERT|TLS|SSL/.test(code) || /certificate|ssl|tls/i.test(message)) {
    return { cause: "tls", detail: `certificate or TLS error (${code || message})`.slice(0, 300) };
  }
  if (code === "ECONNRESET") return { cause: "error", detail: "connection reset" };
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") {
    return { cause: "error", detail: "host unreachable" };
  }
  return { cause: "error", detail: (code ? `${code}: ${message}` : message).slice(0, 300) };
}

/**
 * One request, no redirect followed: the answer's status and certificate, or why none came; with
 * a keyword, whether a 2xx answer's body holds it.
 */
function requestOnce(
  url: URL,
  options: ProbeOptions,
  signal: AbortSignal,
  keyword: string | undefined,
): Promise<Hop> {
  return new Promise((resolve) => {
    const secure = url.protocol === "https:";
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const exempt = options.allowAddresses?.includes(host) ?? false;
    if (net.isIP(host) && !options.allowPrivate && !exempt && isForbiddenAddress(host)) {
      resolve({ kind: "failure", ...classifyError(new ForbiddenAddressError(host)) });
      return;
    }
    let settled = false;
    const settle = (hop: Hop) => {
      if (settled) return;
      settled = true;
      resolve(hop);
    };
    const requestOptions: https.RequestOptions = {
      method: "GET",
      agent: false,
      lookup: guardedLookup(options) as unknown as https.RequestOptions["lookup"],
      headers: {
        "user-agent": "HarborlineMonitor/1.0 (+uptime check)",
        accept: "text/html,*/*;q=0.8",
        // A keyword is looked for in the text as it comes, so the page is asked for uncompressed.
        "accept-encoding": "identity",
        connection: "close",
      },
      signal,
      ...(secure && options.ca ? { ca: options.ca } : {}),
    };
    const failed = (error: unknown) => {
      if (signal.aborted) {
        settle({ kind: "failure", cause: "timeout", detail: "no answer in time" });
      } else {
        settle({ kind: "failure", ...classifyError(error) });
      }
    };
    const request = (secure ? https : http).request(url, requestOptions, (response) => {
      const answeredAt = performance.now();
      let certExpiresAt: Date | null = null;
      if (secure) {
        const certificate = (response.socket as TLSSocket).getPeerCertificate?.();
        if (certificate?.valid_to) {
          const expiry = new Date(certificate.valid_to);
          if (!Number.isNaN(expiry.getTime())) certExpiresAt = expiry;
        }
      }
      const statusCode = response.statusCode ?? 0;
      const location = response.headers.location;
      const answer = { kind: "answer", statusCode, location, certExpiresAt, answeredAt } as const;
      if (keyword !== undefined && statusCode >= 200 && statusCode < 300) {
        bodyContains(response, keyword).then(
          (keywordFound) => settle({ ...answer, keywordFound }),
          failed,
        );
        return;
      }
      // Otherwise the body is not needed: the headers say whether the site answers.
      response.resume();
      response.destroy();
      settle(answer);
    });
    request.on("error", failed);
    request.end();
  });
}

/**
 * Checks a site as a visitor would: GET its address, following up to 5 redirects, within 10 s in
 * all. Up: a 2xx answer (after redirects). Down: no answer (timeout, dns, refused, error), a
 * certificate the system does not trust or that expired (tls), or an error status: 4xx as well as
 * 5xx (http), since the check address is the page visitors land on; a site whose home page needs
 * a password is given a check address that answers 200. With a keyword, a 2xx page is also down
 * (keyword) when it lacks a keyword it must contain, or holds one it must not: a page that
 * answers 200 with "Database error" is not up.
 */
export async function probe(
  address: string,
  options: ProbeOptions,
  keyword: KeywordCheck | null = null,
): Promise<ProbeResult> {
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  const maxRedirects = options.maxRedirects ?? PROBE_MAX_REDIRECTS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (cause: CheckFailureCause, detail: string, statusCode: number | null = null) => ({
    ok: false,
    statusCode,
    responseMs: elapsed(),
    cause,
    detail,
    certExpiresAt: null,
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return fail("error", "not a valid address");
    }
    for (let redirects = 0; ; redirects++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") {
        return fail("error", `only http and https addresses are checked (${url.protocol})`);
      }
      const hop = await requestOnce(url, options, controller.signal, keyword?.text);
      if (hop.kind === "failure") return fail(hop.cause, hop.detail);
      const { statusCode, location } = hop;
      if (statusCode >= 300 && statusCode < 400 && location) {
        if (redirects >= maxRedirects) {
          return fail("http", `more than ${maxRedirects} redirects`, statusCode);
        }
        try {
          url = new URL(location, url);
        } catch {
          return fail("http", `HTTP ${statusCode} to an invalid address`, statusCode);
        }
        continue;
      }
      if (statusCode >= 200 && statusCode < 300) {
        // The time to the headers: a keyword's reading of the body is not the site's speed.
        const responseMs = Math.round(hop.answeredAt - started);
        const keywordDetail = keyword && keywordFailure(keyword, hop.keywordFound ?? false);
        if (keywordDetail) {
          return {
            ...fail("keyword", keywordDetail, statusCode),
            responseMs,
            certExpiresAt: hop.certExpiresAt,
          };
        }
        return {
          ok: true,
          statusCode,
          responseMs,
          cause: null,
          detail: null,
          certExpiresAt: hop.certExpiresAt,
        };
      }
      return {
        ...fail("http", `HTTP ${statusCode}`, statusCode),
        certExpiresAt: hop.certExpiresAt,
      };
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The address a website is checked at. */
export const checkAddress = (website: { domain: string; checkUrl: string | null }) =>
  website.checkUrl ?? `https://${website.domain}/`;
