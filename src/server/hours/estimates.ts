import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbExecutor } from "../db/client";
import { proposalResponses, proposalVersions, type ProposalLine } from "../db/schema";

/*
 * The hours a proposal estimated. Proposals carry no hours field: their lines are priced work.
 * A one-off line counts as an estimate when it says hours: "Content migration, 12 hours" (or a
 * detail "12 hrs") counts 12 hours for each of its quantity; a line sold by the hour ("Development
 * (per hour)", "Extra design hours") counts its quantity as hours. A proposal with no such line
 * estimated no hours (null), and a project then shows its logged time alone.
 */

const NUMBER_OF_HOURS = /(\d+(?:\.\d+)?)\s*(?:hours?|hrs?)\b/i;
const SOLD_BY_THE_HOUR = /\b(?:per hour|hourly|hours?|hrs?)\b/i;

/** The minutes one line estimates, or null when it does not speak of hours. */
export function lineEstimateMinutes(
  line: Pick<ProposalLine, "description" | "detail" | "billing" | "quantity">,
) {
  if (line.billing !== "one-off") return null;
  const text = `${line.description} ${line.detail ?? ""}`;
  const hours = NUMBER_OF_HOURS.exec(text);
  if (hours) return Math.round(Number(hours[1]) * 60) * line.quantity;
  if (SOLD_BY_THE_HOUR.test(text)) return line.quantity * 60;
  return null;
}

/** The minutes a version's lines estimate, or null when none speaks of hours. */
export function linesEstimateMinutes(lines: ProposalLine[]): number | null {
  const counted = lines.map(lineEstimateMinutes).filter((each) => each !== null);
  return counted.length === 0 ? null : counted.reduce((sum, each) => sum + each, 0);
}

/**
 * Each proposal's estimate, from the version the client accepted (else its latest version).
 */
export async function proposalEstimates(
  db: DbExecutor,
  proposalIds: string[],
): Promise<Map<string, number | null>> {
  if (proposalIds.length === 0) return new Map();
  const versions = await db
    .select({
      proposalId: proposalVersions.proposalId,
      version: proposalVersions.version,
      lines: proposalVersions.lines,
      accepted: proposalResponses.decision,
    })
    .from(proposalVersions)
    .leftJoin(
      proposalResponses,
      and(
        eq(proposalResponses.versionId, proposalVersions.id),
        eq(proposalResponses.decision, "accepted"),
      ),
    )
    .where(inArray(proposalVersions.proposalId, proposalIds))
    .orderBy(desc(proposalVersions.version));
  const chosen = new Map<string, (typeof versions)[number]>();
  for (const version of versions) {
    const current = chosen.get(version.proposalId);
    if (!current || (version.accepted && !current.accepted))
      chosen.set(version.proposalId, version);
  }
  return new Map([...chosen].map(([id, version]) => [id, linesEstimateMinutes(version.lines)]));
}
