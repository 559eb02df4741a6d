import { createHash } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, createTestApp, signInAs, type TestApp } from "../../../tests/support/app";
import {
  createPostgresDatabase,
  databaseKinds,
  dropPostgresDatabase,
} from "../../../tests/support/database";
import { aClient, aStaffMember, aWebsite } from "../../../tests/support/factories";
import { openDatabase, type Db } from "../db/client";
import { auditEvents, heartbeats, monitorIncidents, outboxEmails } from "../db/schema";
import { BEATS_PER_MINUTE } from "../routes/api/heartbeats";
import { checkOverdueHeartbeats, createHeartbeat } from "./heartbeats";

const staffEmail = "avery@harborline.example";
const settings = { agencyInbox: "studio@harborline.example", publicUrl: "https://example.test" };
const DAY_S = 86_400;
const HOUR_MS = 3_600_000;

type Created = { id: string; url: string; name: string; nextDueAt: string; state: string };

const incidentsOf = (db: Db, heartbeatId: string) =>
  db.select().from(monitorIncidents).where(eq(monitorIncidents.heartbeatId, heartbeatId));
const alertsAbout = async (db: Db, name: string) =>
  (await db.select().from(outboxEmails)).filter((email) => email.subject.includes(name));

describe.each(databaseKinds)("heartbeats on %s", (kind) => {
  let t: TestApp;
  let staff: string;
  let owner: string;
  let site: string;
  let db: Db;
  let n = 0;

  /** A new heartbeat through the staff route: its URL's path, and its row's id. */
  const addHeartbeat = async (body: Record<string, unknown> = {}) => {
    const response = await callApi(t, staff, "POST", `/api/admin/websites/${site}/heartbeats`, {
      name: `nightly backup ${++n}`,
      periodSeconds: DAY_S,
      graceSeconds: 3600,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as Created;
    return { ...created, path: new URL(created.url).pathname };
  };
  const beat = (path: string, method: "GET" | "POST" = "GET") =>
    t.app.inject({ method, url: path });

  beforeAll(async () => {
    t = await createTestApp(kind, { ADMIN_EMAILS: staffEmail });
    db = t.database.db;
    await aStaffMember(db, { email: staffEmail });
    const client = await aClient(db);
    site = (await aWebsite(db, client.company.id, { domain: "riverabakery.example" })).id;
    staff = await signInAs(t, staffEmail);
    owner = await signInAs(t, client.owner.email);
  });
  afterAll(() => t.close());

  it("shows the URL once, keeps only the token's SHA-256, and audits the addition", async () => {
    const created = await addHeartbeat({ name: "nightly backup" });
    expect(created.url.startsWith(`${t.config.publicUrl}/api/heartbeats/hlb_`)).toBe(true);
    expect(created.url).toMatch(/\/hlb_[\w-]{43}$/);
    expect(created.state).toBe("new");
    const token = created.path.split("/").at(-1)!;
    const [row] = await db.select().from(heartbeats).where(eq(heartbeats.id, created.id));
    expect(row!.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = await callApi(t, staff, "GET", `/api/admin/websites/${site}/heartbeats`);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toContain("nightly backup");
    expect(listed.body).not.toContain(token);
    const [audited] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, created.id));
    expect(audited!.action).toBe("heartbeat.created");
    expect(JSON.stringify(audited)).not.toContain(token);
  });

  it("refuses a grace of 0 or a bad period with what to fix, storing nothing", async () => {
    const before = await db.select().from(heartbeats);
    for (const [body, field] of [
      [{ graceSeconds: 0 }, "graceSeconds"],
      [{ periodSeconds: 5 }, "periodSeconds"],
      [{ periodSeconds: "daily" }, "periodSeconds"],
      [{ periodSeconds: 1.5 }, "periodSeconds"],
    ] as const) {
      const response = await callApi(t, staff, "POST", `/api/admin/websites/${site}/heartbeats`, {
        name: "backup",
        periodSeconds: DAY_S,
        graceSeconds: 60,
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const errors = (response.json() as { errors: Record<string, string> }).errors;
      expect(errors[field]).toMatch(field === "graceSeconds" ? /^Grace must be/ : /^Period must/);
    }
    expect(await db.select().from(heartbeats)).toHaveLength(before.length);
    const missing = await callApi(
      t,
      staff,
      "POST",
      "/api/admin/websites/00000000-0000-4000-8000-000000000000/heartbeats",
      { name: "backup", periodSeconds: DAY_S, graceSeconds: 60 },
    );
    expect(missing.statusCode).toBe(404);
  });

  it("answers 404 to a wrong or unknown token and changes nothing", async () => {
    const created = await addHeartbeat();
    const before = await db.select().from(heartbeats);
    for (const path of [
      `${created.path}x`,
      "/api/heartbeats/hlb_nothing",
      "/api/heartbeats/nothing",
      `/api/heartbeats/hlb_${"a".repeat(90)}`,
    ]) {
      for (const method of ["GET", "POST"] as const) {
        const response = await beat(path, method);
        expect(response.statusCode, `${method} ${path}`).toBe(404);
      }
    }
    expect(await db.select().from(heartbeats)).toEqual(before);
    expect((await beat("/api/heartbeats/")).statusCode).toBe(404);
  });

  it("records a good beat by GET or POST, even with a body, with no session", async () => {
    const created = await addHeartbeat();
    const got = await beat(created.path);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ ok: true, status: "ok" });
    const posted = await t.app.inject({
      method: "POST",
      url: created.path,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://x.test" },
      payload: "log=done",
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const [row] = await db.select().from(heartbeats).where(eq(heartbeats.id, created.id));
    expect(row).toMatchObject({ state: "up", lastStatus: "ok" });
    expect(row!.nextDueAt.getTime() - row!.lastBeatAt!.getTime()).toBe(DAY_S * 1000);
  });

  it("opens an incident on a failed beat with its message, and the next good one closes it", async () => {
    const created = await addHeartbeat();
    const failed = await beat(
      `${created.path}?status=fail&msg=${encodeURIComponent("disk full\n")}`,
    );
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toMatchObject({ status: "fail" });
    const [row] = await db.select().from(heartbeats).where(eq(heartbeats.id, created.id));
    expect(row).toMatchObject({ state: "down", lastStatus: "fail", lastMessage: "disk full" });
    const [incident] = await incidentsOf(db, created.id);
    expect(incident).toMatchObject({ cause: "heartbeat", detail: "disk full", endedAt: null });
    const down = await alertsAbout(db, `${created.name} failed`);
    expect(down.map((email) => email.to)).toContain(t.config.agencyInbox);
    expect(down.find((email) => email.to === t.config.agencyInbox)!.text).toContain("disk full");
    // A second failure while it is open alerts no more.
    await beat(`${created.path}?status=fail&msg=again`);
    expect(await incidentsOf(db, created.id)).toHaveLength(1);
    expect(await alertsAbout(db, `${created.name} failed`)).toHaveLength(down.length);
    expect((await beat(`${created.path}?status=maybe`)).statusCode).toBe(400);

    await beat(created.path);
    const [closed] = await incidentsOf(db, created.id);
    expect(closed!.endedAt).not.toBeNull();
    expect(await alertsAbout(db, `${created.name} is running again`)).toHaveLength(down.length);
  });

  it("limits beats per token", async () => {
    const limited = await addHeartbeat();
    const other = await addHeartbeat();
    const answers = [];
    for (let i = 0; i < BEATS_PER_MINUTE + 2; i++)
      answers.push((await beat(limited.path)).statusCode);
    expect(answers.slice(0, BEATS_PER_MINUTE)).toEqual(Array(BEATS_PER_MINUTE).fill(200));
    expect(answers.slice(BEATS_PER_MINUTE)).toEqual([429, 429]);
    // Another token is counted on its own.
    expect((await beat(other.path)).statusCode).toBe(200);
  });

  it("opens one incident and one alert for a missed beat with two checks at once", async () => {
    const created = await addHeartbeat({ name: "missed backup" });
    const due = Date.parse(created.nextDueAt);
    // Within the grace: nothing.
    expect((await checkOverdueHeartbeats(db, new Date(due + 30 * 60_000), settings)).opened).toBe(
      0,
    );
    const late = new Date(due + 2 * HOUR_MS);
    await Promise.all([
      checkOverdueHeartbeats(db, late, settings),
      checkOverdueHeartbeats(db, late, settings),
    ]);
    const incidents = await incidentsOf(db, created.id);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]!.detail).toBe("no beat in 1 day and 1 hour of grace");
    const alerts = await alertsAbout(db, "missed backup missed its heartbeat");
    expect(alerts.filter((email) => email.to === settings.agencyInbox)).toHaveLength(1);
    // Later passes change nothing while it is down.
    await checkOverdueHeartbeats(db, new Date(due + 5 * HOUR_MS), settings);
    expect(await incidentsOf(db, created.id)).toHaveLength(1);

    // Staff see it among the open incidents, named, and the heartbeat missed.
    const overview = (await callApi(t, staff, "GET", "/api/admin/monitoring")).json() as {
      openIncidents: { cause: string; heartbeatName: string | null }[];
      heartbeats: { id: string; state: string; domain: string }[];
    };
    expect(overview.openIncidents).toContainEqual(
      expect.objectContaining({ cause: "heartbeat", heartbeatName: "missed backup" }),
    );
    expect(overview.heartbeats).toContainEqual(
      expect.objectContaining({ id: created.id, state: "down", domain: "riverabakery.example" }),
    );
    // The owner sees the job beside the site's checks; it is not the site's downtime.
    const health = (await callApi(t, owner, "GET", `/api/websites/${site}/health`)).json() as {
      heartbeats: { id: string; state: string }[];
      uptime: { incidents: { cause: string }[] };
    };
    expect(health.heartbeats).toContainEqual(
      expect.objectContaining({ id: created.id, state: "down" }),
    );
    expect(health.uptime.incidents.map((incident) => incident.cause)).not.toContain("heartbeat");

    // The site's own checks neither close nor count the heartbeat's incident.
    const open = await db
      .select()
      .from(monitorIncidents)
      .where(and(eq(monitorIncidents.websiteId, site), isNull(monitorIncidents.endedAt)));
    expect(open.some((incident) => incident.heartbeatId === created.id)).toBe(true);

    expect((await beat(created.path)).statusCode).toBe(200);
    const closed = await db
      .select()
      .from(monitorIncidents)
      .where(
        and(eq(monitorIncidents.heartbeatId, created.id), isNotNull(monitorIncidents.endedAt)),
      );
    expect(closed).toHaveLength(1);
    const recovered = await alertsAbout(db, "missed backup is running again");
    expect(recovered.filter((email) => email.to === t.config.agencyInbox)).toHaveLength(1);
  });

  it("deletes a heartbeat (audited), after which its URL answers 404", async () => {
    const created = await addHeartbeat();
    const deleted = await callApi(t, staff, "DELETE", `/api/admin/heartbeats/${created.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await beat(created.path)).statusCode).toBe(404);
    const again = await callApi(t, staff, "DELETE", `/api/admin/heartbeats/${created.id}`);
    expect(again.statusCode).toBe(404);
    const [audited] = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.targetId, created.id), eq(auditEvents.action, "heartbeat.deleted")),
      );
    expect(audited).toBeDefined();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  "heartbeats checked by two instances on PostgreSQL (skipped without TEST_DATABASE_URL)",
  () => {
    it("alert once per missed beat", async () => {
      const url = await createPostgresDatabase();
      const first = await openDatabase({ url });
      const second = await openDatabase({ url });
      try {
        const { company } = await aClient(first.db);
        const website = await aWebsite(first.db, company.id);
        const now = new Date();
        const made = [];
        for (let i = 0; i < 5; i++) {
          made.push(
            await createHeartbeat(
              first.db,
              website.id,
              { name: `job ${i}`, periodSeconds: 3600, graceSeconds: 60 },
              settings.publicUrl,
              now,
            ),
          );
        }
        const late = new Date(now.getTime() + 2 * HOUR_MS);
        const runs = await Promise.all([
          checkOverdueHeartbeats(first.db, late, settings),
          checkOverdueHeartbeats(second.db, late, settings),
          checkOverdueHeartbeats(first.db, late, settings),
          checkOverdueHeartbeats(second.db, late, settings),
        ]);
        expect(runs.reduce((sum, run) => sum + run.opened, 0)).toBe(5);
        for (const heartbeat of made) {
          expect(await incidentsOf(first.db, heartbeat!.id)).toHaveLength(1);
          const alerts = await alertsAbout(first.db, `${heartbeat!.name} missed its heartbeat`);
          expect(alerts.filter((email) => email.to === settings.agencyInbox)).toHaveLength(1);
        }
      } finally {
        await first.close();
        await second.close();
        await dropPostgresDatabase(url);
      }
    });
  },
);
