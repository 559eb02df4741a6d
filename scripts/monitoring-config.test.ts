import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { collectProcessMetrics, registry } from "../src/server/metrics/metrics";

/** deploy/monitoring/: the Grafana dashboard and the Prometheus alert rules that ship. */
const dashboard = JSON.parse(readFileSync("deploy/monitoring/grafana-dashboard.json", "utf8")) as {
  uid: string;
  title: string;
  schemaVersion: number;
  templating: { list: { name: string; type: string }[] };
  panels: {
    id: number;
    type: string;
    title: string;
    gridPos: { h: number; w: number; x: number; y: number };
    datasource?: { type: string; uid: string };
    targets?: { refId: string; expr: string }[];
  }[];
};
const alerts = readFileSync("deploy/monitoring/alerts.yml", "utf8");

/** Every series name the app exposes, histograms with their _bucket, _sum and _count. */
async function exposedNames(): Promise<Set<string>> {
  collectProcessMetrics();
  const names = new Set<string>();
  for (const metric of await registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === "histogram") {
      for (const suffix of ["_bucket", "_sum", "_count"]) names.add(metric.name + suffix);
    }
  }
  return names;
}

const namesIn = (expr: string) =>
  [...expr.matchAll(/\b((?:harborline|nodejs|process)_[a-z0-9_]+)/g)].map((match) => match[1]!);

describe("the monitoring that ships in deploy/", () => {
  it("the Grafana dashboard has what Grafana needs to import it", () => {
    expect(dashboard.uid).toMatch(/^[\w-]{1,40}$/);
    expect(dashboard.title).toBeTruthy();
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36);
    expect(dashboard.templating.list).toContainEqual(
      expect.objectContaining({ name: "datasource", type: "datasource" }),
    );
    const ids = dashboard.panels.map((panel) => panel.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect(panel.title, JSON.stringify(panel)).toBeTruthy();
      const { h, w, x, y } = panel.gridPos;
      expect([h, w, x, y].every(Number.isInteger)).toBe(true);
      expect(x + w, panel.title).toBeLessThanOrEqual(24);
      if (panel.type === "row") continue;
      expect(panel.type).toBe("timeseries");
      expect(panel.datasource).toEqual({ type: "prometheus", uid: "${datasource}" });
      expect(panel.targets!.length, panel.title).toBeGreaterThan(0);
      const refIds = panel.targets!.map((target) => target.refId);
      expect(new Set(refIds).size, panel.title).toBe(refIds.length);
    }
  });

  it("the dashboard and the alerts read only figures the app exposes", async () => {
    const exposed = await exposedNames();
    const used = [
      ...dashboard.panels.flatMap((panel) => panel.targets ?? []).flatMap((t) => namesIn(t.expr)),
      ...namesIn(alerts),
    ];
    expect(used.length).toBeGreaterThan(10);
    expect(used.filter((name) => !exposed.has(name))).toEqual([]);
  });

  it("the alert rules cover a stuck outbox, a late monitor, 5xx answers and event-loop delay", () => {
    const rules = alerts.split(/\n(?= {6}- alert: )/).slice(1);
    const names = rules.map((rule) => /- alert: (\w+)/.exec(rule)![1]);
    expect(names).toEqual(
      expect.arrayContaining([
        "HarborlineOutboxStuck",
        "HarborlineMonitorLate",
        "HarborlineHigh5xxRate",
        "HarborlineEventLoopDelay",
      ]),
    );
    for (const rule of rules) {
      expect(rule).toMatch(/\n {8}expr: \S/);
      expect(rule).toMatch(/\n {10}summary: /);
    }
  });
});
