import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClient } from "@tanstack/react-query";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, apiRequest, getQueryFn } from "./api";

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
    case "/invalid":
      res.writeHead(400, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          message: "Some fields need attention.",
          errors: { email: "Invalid email address", count: 3 },
        }),
      );
      return;
    case "/conflict":
      res
        .writeHead(409, { "Content-Type": "application/json" })
        .end('{"message":"Taken","errors":{"email":"Taken"}}');
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

describe("ApiError", () => {
  /** The error a failed request throws. */
  async function failure(path: string): Promise<ApiError> {
    const error: unknown = await apiRequest("POST", path, { a: 1 }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }

  it("keeps the status and the body beside the seed's message", async () => {
    const error = await failure("/fail-with-body");
    expect(error.message).toBe("500: body text");
    expect(error.status).toBe(500);
    expect(error.body).toBe("body text");
  });

  it("has no JSON body and no field messages when the body is text", async () => {
    const error = await failure("/fail-with-body");
    expect(error.json).toBeUndefined();
    expect(error.fieldErrors).toBeUndefined();
  });

  it("keeps an empty body empty; the message shows the status text", async () => {
    const error = await failure("/fail-empty");
    expect(error).toMatchObject({ status: 404, body: "", statusText: "Not Found" });
    expect(error.message).toBe("404: Not Found");
  });

  it("reads a 400 answer's message and its text field messages", async () => {
    const error = await failure("/invalid");
    expect(error.json?.message).toBe("Some fields need attention.");
    expect(error.fieldErrors).toEqual({ email: "Invalid email address" });
  });

  it("gives field messages for a 400 answer only", async () => {
    const error = await failure("/conflict");
    expect(error.json).toEqual({ message: "Taken", errors: { email: "Taken" } });
    expect(error.fieldErrors).toBeUndefined();
  });

  it("is what a cached read throws too", async () => {
    const error: unknown = await runQuery(["/unauthorized"], "throw").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).json).toEqual({ message: "Unauthorized" });
  });
});
