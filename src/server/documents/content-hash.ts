import { createHash } from "node:crypto";
import { compareText } from "@shared/compare-text";

/** JSON with object keys in sorted order, so the same content always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => compareText(a, b));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonicalJson(field)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * SHA-256 (hex) of a record as the client was shown it: what an acceptance or an approval keeps,
 * so anyone can later prove which content was agreed to.
 */
export function contentHash(record: Record<string, unknown>): string {
  return createHash("sha256").update(canonicalJson(record)).digest("hex");
}

/** What the client reads and answers of a proposal version, its terms included: what is hashed. */
export function proposalVersionHash(version: {
  proposalId: string;
  version: number;
  title: string;
  scope: string;
  lines: unknown[];
  oneOffCents: number;
  monthlyCents: number;
  depositCents: number;
  midpointCents: number;
  completionCents: number;
  validUntil: string;
  terms: unknown[];
}): string {
  return contentHash({
    proposalId: version.proposalId,
    version: version.version,
    title: version.title,
    scope: version.scope,
    lines: version.lines,
    oneOffCents: version.oneOffCents,
    monthlyCents: version.monthlyCents,
    depositCents: version.depositCents,
    midpointCents: version.midpointCents,
    completionCents: version.completionCents,
    validUntil: version.validUntil,
    // Left out when there are none, so a version answered before proposals carried terms keeps
    // the hash its answer recorded.
    terms: version.terms.length > 0 ? version.terms : undefined,
  });
}

/** The content of a milestone that the client approves or asks changes to: what is hashed. */
export function milestoneHash(milestone: {
  id: string;
  name: string;
  status: string;
  dueDate: string | null;
  notes: string | null;
  approvalRequestedAt: Date | null;
}): string {
  return contentHash({
    milestoneId: milestone.id,
    name: milestone.name,
    status: milestone.status,
    dueDate: milestone.dueDate,
    notes: milestone.notes,
    approvalRequestedAt: milestone.approvalRequestedAt?.toISOString() ?? null,
  });
}
