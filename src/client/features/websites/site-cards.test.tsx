import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ClientDetail } from "@shared/schemas/clients";
import type { SiteHealth } from "@shared/schemas/site-health";
import type { Website } from "@shared/schemas/websites";
import { queryClient } from "@/lib/query-client";
import { UptimeSection } from "./site-uptime";
import { WebsitesPanel } from "./websites-panel";

/*
 * What the staff website card and the site page's uptime panel say, rendered as a browser
 * would: the tag to copy for staff, and a down site's last check without a response time.
 */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const siteKey = "0123456789abcdef0123456789abcdef";

const website: Website = {
  id: id(1),
  domain: "saltwater-kayaks.example",
  plan: "VPS Hosting",
  status: "active",
  checkUrl: null,
  checkKeyword: null,
  checkKeywordMustBe: "present",
  siteKey,
  trackOutboundLinks: false,
  trackFileDownloads: false,
  vitalsEnabled: false,
  monthlyVisitors: 120,
  uptimePercent: 97.5,
  health: "down",
  bandwidthBytes: 0,
  createdAt: "2026-01-01T00:00:00Z",
};

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

const renderPanel = (site: Website) => {
  const client: ClientDetail = {
    company: { id: id(9), name: "Saltwater Kayaks", createdAt: "2026-01-01T00:00:00Z" },
    members: [],
    websites: [site],
    domains: [],
    tickets: [],
  };
  render(
    <QueryClientProvider client={queryClient}>
      <WebsitesPanel client={client} />
    </QueryClientProvider>,
  );
};

describe("the staff website card", () => {
  it("shows the site key and the tag, and copies the tag", async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderPanel(website);
    const tag = `<script defer data-site="${siteKey}" src="${window.location.origin}/js/hl.js"></script>`;
    const card = screen.getByText(tag).closest("li")!;
    expect(within(card).getByText("Site key").nextSibling?.textContent).toBe(siteKey);
    await act(async () => {
      fireEvent.click(
        within(card).getByRole("button", {
          name: "Copy the tracking code of saltwater-kayaks.example",
        }),
      );
    });
    expect(writeText).toHaveBeenCalledWith(tag);
    expect(within(card).getByRole("status").textContent).toBe("Tracking code copied");
  });

  it("shows what the monitor checks, keyword included, and edits it in the form", () => {
    renderPanel(website);
    expect(screen.getByText("Uptime check").nextSibling?.textContent).toBe(
      "https://saltwater-kayaks.example/",
    );
    cleanup();
    renderPanel({ ...website, checkKeyword: "Database error", checkKeywordMustBe: "absent" });
    expect(screen.getByText("Uptime check").nextSibling?.textContent).toBe(
      'https://saltwater-kayaks.example/ · must not contain "Database error"',
    );
    fireEvent.click(screen.getByRole("button", { name: "Edit saltwater-kayaks.example" }));
    const form = screen.getByRole("form", { name: "Edit saltwater-kayaks.example" });
    expect(within(form).getByLabelText("Keyword on the page (optional)")).toHaveProperty(
      "value",
      "Database error",
    );
    expect(within(form).getByLabelText("Keyword rule").textContent).toBe(
      "Page must not contain it",
    );
  });

  it("writes the automatic goals staff turned on into the tag, and shows them in the form", () => {
    renderPanel({ ...website, trackOutboundLinks: true });
    const tag = `<script defer data-site="${siteKey}" data-outbound src="${window.location.origin}/js/hl.js"></script>`;
    expect(screen.getByText(tag)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Edit saltwater-kayaks.example" }));
    const form = screen.getByRole("form", { name: "Edit saltwater-kayaks.example" });
    const goals = within(form).getByRole("group", { name: "Automatic goals" });
    expect(within(goals).getByLabelText("Count clicks on links to other sites")).toHaveProperty(
      "checked",
      true,
    );
    expect(within(goals).getByLabelText("Count file downloads (PDF, ZIP, ...)")).toHaveProperty(
      "checked",
      false,
    );
  });
});

const health = (patch: Partial<SiteHealth["uptime"]>, checkIntervalSeconds = 60): SiteHealth => ({
  website,
  range: "30d",
  from: "2026-10-22",
  to: "2026-11-20",
  checkIntervalSeconds,
  days: [
    {
      day: "2026-11-19",
      visitors: 0,
      pageViews: 0,
      uptimePercent: 100,
      responseMs: 180,
      maintenanceChecks: 0,
    },
    {
      day: "2026-11-20",
      visitors: 0,
      pageViews: 0,
      uptimePercent: 75,
      responseMs: 190,
      maintenanceChecks: 0,
    },
  ],
  visitors: 0,
  pageViews: 0,
  responseTimes: { granularity: "day", points: [] },
  topPages: [],
  topReferrers: [],
  devices: { mobile: 0, tablet: 0, desktop: 0 },
  sources: [],
  campaigns: [],
  goals: [],
  countries: [],
  uptime: {
    percent: 87.5,
    status: "down",
    lastCheckedAt: "2026-11-20T10:00:00Z",
    lastResponseMs: null,
    lastCause: "refused",
    incidents: [
      {
        cause: "refused",
        detail: "connection refused",
        startedAt: "2026-11-20T04:00:00Z",
        endedAt: null,
        durationSeconds: 21_600,
        title: null,
        updates: [],
      },
      {
        cause: "http",
        detail: "HTTP 503",
        startedAt: "2026-11-19T04:00:00Z",
        endedAt: "2026-11-19T04:08:00Z",
        durationSeconds: 480,
        title: null,
        updates: [],
      },
    ],
    ...patch,
  },
  heartbeats: [],
  certificateExpiresAt: null,
  domain: null,
  bandwidth: { months: [], thisMonthBytes: 0 },
  maintenanceWindows: [],
});

const now = Date.parse("2026-11-20T10:02:00Z");

describe("the site page's uptime panel", () => {
  it("says a down site did not answer, with no response time, and names each cause once", () => {
    render(<UptimeSection health={health({})} now={now} range="the last 30 days" />);
    const panel = screen.getByRole("region", { name: "Uptime and incidents" });
    expect(panel.textContent).toContain(
      "Checked every minute. Last check 2 minutes ago: no answer (Connection refused).",
    );
    expect(panel.textContent).not.toMatch(/answered in/);
    const incidents = within(screen.getByRole("list", { name: "Incidents" })).getAllByRole(
      "listitem",
    );
    expect(incidents[0]!.querySelector("p")!.textContent).toBe("Connection refused");
    expect(incidents[1]!.querySelector("p")!.textContent).toBe("Server error · HTTP 503");
  });

  it("says a page that failed its keyword check answered with the wrong content", () => {
    const keyword = health({
      lastCause: "keyword",
      incidents: [
        {
          cause: "keyword",
          detail: 'Keyword "Database error" found',
          startedAt: "2026-11-20T04:00:00Z",
          endedAt: null,
          durationSeconds: 21_600,
          title: null,
          updates: [],
        },
      ],
    });
    render(<UptimeSection health={keyword} now={now} range="the last 30 days" />);
    expect(screen.getByRole("region", { name: "Uptime and incidents" }).textContent).toContain(
      "Checked every minute. Last check 2 minutes ago: wrong page content.",
    );
    const [incident] = within(screen.getByRole("list", { name: "Incidents" })).getAllByRole(
      "listitem",
    );
    expect(incident!.querySelector("p")!.textContent).toBe(
      'Wrong page content · Keyword "Database error" found',
    );
  });

  it("marks the time inside a maintenance window in the response-time table", () => {
    const withWindow: SiteHealth = {
      ...health({ status: "up", lastCause: null, lastResponseMs: 182 }),
      responseTimes: {
        granularity: "day",
        points: [
          { at: "2026-11-19T00:00:00Z", responseMs: 180, maintenance: false },
          { at: "2026-11-20T00:00:00Z", responseMs: 410, maintenance: true },
        ],
      },
    };
    render(<UptimeSection health={withWindow} now={now} range="the last 30 days" />);
    const table = screen.getByRole("table", { name: "Average response time per day" });
    const cells = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.lastElementChild!.textContent);
    expect(cells).toEqual(["180 ms", "410 ms (maintenance)"]);
  });

  it("words the real check interval and the response time of a site that answers", () => {
    const up = health({ status: "up", lastCause: null, lastResponseMs: 182 }, 300);
    render(<UptimeSection health={up} now={now} range="the last 30 days" />);
    expect(screen.getByRole("region", { name: "Uptime and incidents" }).textContent).toContain(
      "Checked every 5 minutes. Last check 2 minutes ago, answered in 182 ms.",
    );
  });
});
