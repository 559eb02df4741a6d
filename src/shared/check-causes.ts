import { titleCase } from "./format";

/*
 * Why an uptime check failed, in words: the one list the portal's site page and the back office's
 * monitoring view both read. The monitor stores the cause as a short code
 * (site_monitors.last_cause, monitor_incidents.cause: incidentCauses in the database schema)
 * and a detail of its own ("HTTP 503", "no answer in time").
 */

/** Each cause the monitor records, in words (a test checks the schema's list is all here). */
export const causeLabels: Readonly<Record<string, string>> = {
  timeout: "Timed out",
  dns: "Address not found (DNS)",
  tls: "Certificate problem",
  http: "Server error",
  refused: "Connection refused",
  error: "Could not connect",
  keyword: "Wrong page content",
  heartbeat: "Heartbeat missed or failed",
  manual: "Opened by staff",
};

/** A cause's words; one this list does not know yet is shown in title case, never as a blank. */
export const causeLabel = (cause: string): string => causeLabels[cause] ?? titleCase(cause);

/**
 * What went wrong, said once: the cause's label, and the monitor's detail only when it adds to
 * it ("Server error · HTTP 503", but "Connection refused", not "... · connection refused").
 */
export function causeText(cause: string, detail: string | null): string {
  const label = causeLabel(cause);
  if (!detail || detail.toLowerCase() === label.toLowerCase()) return label;
  return `${label} · ${detail}`;
}
