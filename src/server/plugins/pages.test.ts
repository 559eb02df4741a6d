import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeBuild } from "../../../tests/support/fake-build";
import { chooseEncoding, registerPages } from "./pages";

describe("serving the built site from memory", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "harborline-pages-"));
  const app = Fastify();

  beforeAll(async () => {
    fakeBuild(dir);
    await registerPages(app, dir, "https://harborline.example");
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });

  it("answers each public route with its page, revalidated by ETag", async () => {
    const home = await get("/");
    expect(home.statusCode).toBe(200);
    expect(home.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(home.headers["cache-control"]).toBe("no-cache");
    expect(home.body).toContain("<h1>Home</h1>");
    expect(home.body).toContain('href="https://harborline.example/x"');
    const again = await get("/", { "if-none-match": String(home.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect((await get("/pricing")).body).toContain("<h1>pricing</h1>");
  });

  it("chooses brotli, gzip or identity by Accept-Encoding", async () => {
    const br = await get("/assets/index-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    const gz = await get("/assets/index-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await get("/assets/index-abc123.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(plain.headers.etag);

    const page = await get("/about", { "accept-encoding": "br;q=0, gzip" });
    expect(page.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(page.rawPayload).toString()).toContain("<h1>about</h1>");
  });

  it("lets browsers keep hashed assets for a year", async () => {
    const asset = await get("/assets/index-abc123.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect((await get("/favicon.svg")).headers["cache-control"]).toBe("no-cache");
  });

  it("serves the app shell for the portal and back office, and 404 for anything else", async () => {
    for (const [url, shell] of [
      ["/dashboard", "Shell"],
      ["/login", "Shell"],
      ["/admin", "Back office shell"],
      ["/admin/leads/contact/1", "Back office shell"],
      ["/administrator", "404 Page Not Found"],
    ]) {
      const response = await get(url!);
      expect(response.body, url).toContain(`<h1>${shell}</h1>`);
    }
    expect((await get("/%E0%A4%A")).statusCode).toBe(400);
    for (const url of ["/nope", "/assets/missing.js", "/about/index.html", "/caf%C3%A9"]) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body).toContain("404 Page Not Found");
    }
    expect((await get("/about/")).headers.location).toBe("/about");
    const api = await get("/api/nothing");
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: "Not found: GET /api/nothing" });
  });

  it("fills the site's address into the sitemap", async () => {
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(sitemap.body).toBe("<urlset><url><loc>https://harborline.example/</loc></url></urlset>");
  });
});

describe("chooseEncoding", () => {
  it("follows the client's preferences and q-values", () => {
    const all = ["br", "gzip", "identity"] as const;
    expect(chooseEncoding(undefined, [...all])).toBe("identity");
    expect(chooseEncoding("*", [...all])).toBe("br");
    expect(chooseEncoding("gzip;q=1, br;q=0", [...all])).toBe("gzip");
    expect(chooseEncoding("br", ["identity"])).toBe("identity");
  });
});
