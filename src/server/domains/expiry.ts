import { sql } from "drizzle-orm";
import { domains } from "../db/schema";

/**
 * The expiry every page, answer and alert uses: the date read from the registry (RDAP) when
 * there is one, else the one staff typed (endings with no RDAP server).
 */
export const domainExpiresAt =
  sql<Date | null>`coalesce(${domains.measuredExpiresAt}, ${domains.expiresAt})`.mapWith(
    domains.expiresAt,
  );
