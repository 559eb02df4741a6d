import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiRequest, getQueryFn } from "./api";

/** What the test server saw of a request, echoed back as JSON. */
interface Seen {
  method: string;
  url: string;
  contentType: string | null;
  cookie: string | null;
  body: string;
}

let server: Server;
let origin: string;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  // Cross-origin callers with credentials need the exact origin echoed back.
  if (req.headers.origin) {
    res.setHeader("Access-Control-Allow-Origin", req.headers.origin);
    res.setHeader("Access-Control-Allow-Credentials", "true");
    res.setHeader("Access-Control-Allow-Headers", "Content-Type");
    res.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE");
  }
  if (req.method === "OPTIONS") {
    res.writeHead(204).end();
    return;
  }
  const body = await readBody(req);
  const path = (req.url ?? "/").split("?")[0];
  switch (path) {
    case "/fail-with-body":
      res.writeHead(500, { "Content-Type": "text/plain" }).end("body text");
      return;
    case "/fail-empty":
      res.writeHead(404).end();
      return;
    case "/unauthorized":
      res.writeHead(401, { "Content-Type": "application/json" }).end('{"message":"Unauthorized"}');
      return;
    case "/set-cookie":
      res.writeHead(204, { "Set-Cookie": "sid=s3cr3t; Path=/; SameSite=Lax" }).end();
      return;
    default: {
      const seen: Seen = {
        method: req.method ?? "",
        url: req.url ?? "",
        contentType: req.headers["content-type"] ?? null,
        cookie: req.headers.cookie ?? null,
        body,
      };
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(seen));
    }
  }
}

/** Makes the test document live on the given origin, so relative URLs and cookies resolve there. */
function setPageUrl(url: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

/** Runs a query function the way TanStack Query does, through a real QueryClient. */
function runQuery(queryKey: readonly unknown[], on401: "returnNull" | "throw") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return client.fetchQuery({ queryKey, queryFn: getQueryFn<Seen>({ on401 }) });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

beforeEach(() => setPageUrl(`${origin}/`));

describe("apiRequest", () => {
  it('turns a failed response into "<status>: <body text>"', async () => {
    await expect(apiRequest("POST", "/fail-with-body", { a: 1 })).rejects.toThrow(
      new Error("500: body text"),
    );
  });

  it('uses the status text when the body is empty: "404: Not Found"', async () => {
    await expect(apiRequest("GET", "/fail-empty")).rejects.toThrow(new Error("404: Not Found"));
  });

  it("sends data as JSON with a JSON content type and returns the response", async () => {
    const res = await apiRequest("POST", "/api/contact", { name: "Ada", n: 2 });
    expect(res.ok).toBe(true);
    const seen = (await res.json()) as Seen;
    expect(seen.method).toBe("POST");
    expect(seen.url).toBe("/api/contact");
    expect(seen.contentType).toBe("application/json");
    expect(JSON.parse(seen.body)).toEqual({ name: "Ada", n: 2 });
  });

  it("sends no content type and no body when there is no data", async () => {
    const seen = (await (await apiRequest("DELETE", "/api/things/1")).json()) as Seen;
    expect(seen.method).toBe("DELETE");
    expect(seen.contentType).toBeNull();
    expect(seen.body).toBe("");
  });

  it("includes cookies, even on a request to another origin", async () => {
    await apiRequest("POST", "/set-cookie");
    // From a page on another origin, only credentials: "include" sends the API's cookie.
    setPageUrl("http://127.0.0.1:9/");
    const seen = (await (await apiRequest("POST", `${origin}/api/echo`, { x: 1 })).json()) as Seen;
    expect(seen.cookie).toBe("sid=s3cr3t");
  });
});

describe("getQueryFn", () => {
  it('joins the query key parts with "/" into the URL and GETs it', async () => {
    const seen = await runQuery(["/api/tickets", 42, "replies"], "throw");
    expect(seen).toMatchObject({ method: "GET", url: "/api/tickets/42/replies", body: "" });
    expect(seen?.contentType).toBeNull();
  });

  it("includes cookies", async () => {
    await apiRequest("POST", "/set-cookie");
    setPageUrl("http://127.0.0.1:9/");
    const seen = await runQuery([`${origin}/api/auth/user`], "throw");
    expect(seen?.cookie).toBe("sid=s3cr3t");
  });

  it('returns null on 401 with on401: "returnNull"', async () => {
    await expect(runQuery(["/unauthorized"], "returnNull")).resolves.toBeNull();
  });

  it('throws "401: <body>" on 401 with on401: "throw"', async () => {
    await expect(runQuery(["/unauthorized"], "throw")).rejects.toThrow(
      new Error('401: {"message":"Unauthorized"}'),
    );
  });

  it("throws the seed's error format on other failures", async () => {
    await expect(runQuery(["/fail-empty"], "returnNull")).rejects.toThrow(
      new Error("404: Not Found"),
    );
  });
});
