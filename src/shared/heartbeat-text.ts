/*
 * A heartbeat's state in words. Plain code, without zod: a page that shows it need not load
 * the schemas.
 */

/** A heartbeat's state in words: "Failed" (the job said so), "Missed", "On time", "No beat yet". */
export function heartbeatStateText(heartbeat: {
  state: "new" | "up" | "down";
  lastStatus: "ok" | "fail" | null;
}): string {
  if (heartbeat.state === "down") return heartbeat.lastStatus === "fail" ? "Failed" : "Missed";
  return heartbeat.state === "up" ? "On time" : "No beat yet";
}
