import { randomBytes } from "node:crypto";
import type { DbExecutor } from "../db/client";
import { heartbeats } from "../db/schema";
import { HEARTBEAT_TOKEN_PREFIX, hashHeartbeatToken } from "../monitoring/heartbeats";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The demo site's nightly backup, beating at 2:10 UTC each night, last night included. Its URL
 * is not shown anywhere (only its hash is kept): staff add a new heartbeat to try one.
 */
export async function seedDemoHeartbeat(tx: DbExecutor, websiteId: string, now: Date) {
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const tonight = today + 2 * HOUR_MS + 10 * 60_000;
  const lastBeat = tonight <= now.getTime() ? tonight : tonight - DAY_MS;
  await tx.insert(heartbeats).values({
    websiteId,
    name: "Nightly backup",
    periodSeconds: 86_400,
    graceSeconds: 3_600,
    tokenHash: hashHeartbeatToken(HEARTBEAT_TOKEN_PREFIX + randomBytes(32).toString("base64url")),
    createdAt: new Date(lastBeat - 60 * DAY_MS),
    lastBeatAt: new Date(lastBeat),
    lastStatus: "ok",
    nextDueAt: new Date(lastBeat + DAY_MS),
    state: "up",
  });
}
