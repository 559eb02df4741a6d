/**
 * `npm run bench:lighthouse-tag`: what the analytics tag costs a client's page. Lighthouse
 * (mobile, default throttling) with the system Chromium on a test page served from another
 * origin, without the tag and with it (real-user speed on: /js/hl.js, then /js/hl-vitals.js
 * after the load event), LIGHTHOUSE_RUNS times each (default 3), alternating. Prints each run's
 * TBT and CLS and their medians; the two pages must show the same TBT and CLS (Lighthouse
 * reports TBT in steps of 10 ms: "the same" is a median difference under 10 ms and no CLS).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, findChromium } from "../../tests/support/chromium";
import { freePort, startServer, waitForReady } from "../../tests/support/server-process";
import { demoSignIn } from "./support";

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const work = mkdtempSync(path.join(tmpdir(), "harborline-lighthouse-tag-"));
const port = await freePort();
const app = `http://127.0.0.1:${port}`;
const server = startServer(
  port,
  { DATA_DIR: path.join(work, "data"), LOG_LEVEL: "warn", PUBLIC_URL: app },
  "build",
);

let tag = "";
/** A client's page: text, a list, a form, no images (so LCP is the heading or a paragraph). */
const page = (withTag: boolean) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Rivera Bakery</title>
<meta name="description" content="Fresh bread in Gig Harbor.">
${withTag ? tag : ""}</head><body style="font-family:system-ui;max-width:40rem;margin:auto;padding:1rem">
<h1>Rivera Bakery</h1>${"<p>Sourdough, rye and seeded loaves, baked every morning from 5 a.m. in Gig Harbor. Order by noon for tomorrow.</p>".repeat(8)}
<ul>${["Sourdough", "Rye", "Seeded", "Baguette", "Brioche"].map((b) => `<li>${b}</li>`).join("")}</ul>
<form><label>Email <input type="email" name="email"></label> <button>Subscribe</button></form>
</body></html>`;
const site = createServer((request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  response.end(page(request.url?.startsWith("/with-tag") ?? false));
});
await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

mkdirSync(path.join(work, "chrome"));
const chrome = await chromeLauncher.launch({
  chromePath: findChromium(),
  chromeFlags: ["--headless=new", ...chromiumArgs],
  userDataDir: path.join(work, "chrome"),
});

/** Staff register the test site for the demo client and turn real-user speed on. */
async function registerSite() {
  const cookie = await demoSignIn(app, "admin");
  const api = (method: string, url: string, body?: unknown) =>
    fetch(`${app}${url}`, {
      method,
      headers: { cookie, "content-type": "application/json", origin: app },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);
  const clients = (await api("GET", "/api/admin/clients")) as unknown as { id: string }[];
  const detail = (await api("POST", `/api/admin/clients/${clients[0]!.id}/websites`, {
    domain: "lighthouse-tag.example",
    plan: "Business",
    status: "active",
    checkUrl: `${siteUrl}/`,
  })) as { websites: { id: string; domain: string; siteKey: string }[] };
  const website = detail.websites.find((w) => w.domain === "lighthouse-tag.example")!;
  await api("PUT", `/api/admin/websites/${website.id}/vitals`, { enabled: true });
  tag = `<script defer data-site="${website.siteKey}" data-vitals src="${app}/js/hl.js"></script>`;
}

const measure = async (url: string) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (result && !result.lhr.runtimeError) {
      const { audits } = result.lhr;
      return {
        tbt: audits["total-blocking-time"]!.numericValue ?? NaN,
        cls: audits["cumulative-layout-shift"]!.numericValue ?? NaN,
        perf: Math.round((result.lhr.categories.performance?.score ?? 0) * 100),
      };
    }
  }
  throw new Error(`Lighthouse failed on ${url}`);
};
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  await waitForReady(server);
  await registerSite();
  const results = {
    without: [] as Awaited<ReturnType<typeof measure>>[],
    with: [] as Awaited<ReturnType<typeof measure>>[],
  };
  for (let run = 1; run <= RUNS; run++) {
    results.without.push(await measure(`${siteUrl}/without-tag?run=${run}`));
    results.with.push(await measure(`${siteUrl}/with-tag?run=${run}`));
  }
  console.log(
    "\npage          runs: TBT ms / CLS / perf                     median TBT  median CLS",
  );
  for (const [name, runs] of Object.entries(results)) {
    console.log(
      `${`${name} tag`.padEnd(13)} ${runs
        .map((r) => `${Math.round(r.tbt)}/${r.cls.toFixed(3)}/${r.perf}`)
        .join("  ")
        .padEnd(40)} ${String(Math.round(median(runs.map((r) => r.tbt)))).padStart(9)}  ${median(
        runs.map((r) => r.cls),
      )
        .toFixed(3)
        .padStart(10)}`,
    );
  }
  const tbtGap = Math.abs(
    median(results.with.map((r) => r.tbt)) - median(results.without.map((r) => r.tbt)),
  );
  const clsGap = Math.abs(
    median(results.with.map((r) => r.cls)) - median(results.without.map((r) => r.cls)),
  );
  const same = tbtGap < 10 && clsGap === 0;
  console.log(
    `\nWith the tag: TBT ${tbtGap.toFixed(0)} ms apart, CLS ${clsGap.toFixed(3)} apart: ${same ? "the same" : "NOT the same"}.`,
  );
  if (!same) process.exitCode = 1;
} finally {
  chrome.kill();
  site.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
