import { getTableColumns, getTableName, type Column, type Table } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  planRequestApprovalSchema,
  planRequestInputSchema,
  recordPaymentSchema,
  recurringPlanInputSchema,
} from "@shared/schemas/billing";
import { inviteClientSchema } from "@shared/schemas/clients";
import { autoRenewUpdateSchema, domainInputSchema } from "@shared/schemas/domains";
import {
  applicationSchema,
  contactSchema,
  leadNoteInputSchema,
  leadStatusUpdateSchema,
} from "@shared/schemas/leads";
import { ticketUpdateSchema } from "@shared/schemas/tickets";
import { websiteInputSchema } from "@shared/schemas/websites";
import { newTicketSchema, ticketReplySchema } from "@shared/schemas/tickets";
import * as schema from "./schema";

/** Each shared input schema and the table it writes (`columns` maps a field to another name). */
const writes: {
  name: string;
  input: z.ZodObject;
  table: Table;
  columns?: Record<string, string>;
}[] = [
  { name: "contact", input: contactSchema, table: schema.leads },
  { name: "apply", input: applicationSchema, table: schema.leads },
  { name: "new ticket", input: newTicketSchema, table: schema.supportTickets },
  {
    name: "new ticket's message",
    input: newTicketSchema,
    table: schema.ticketMessages,
    columns: { message: "body" },
  },
  { name: "ticket reply", input: ticketReplySchema, table: schema.ticketMessages },
  { name: "ticket update", input: ticketUpdateSchema, table: schema.supportTickets },
  { name: "lead status", input: leadStatusUpdateSchema, table: schema.leads },
  { name: "lead note", input: leadNoteInputSchema, table: schema.leadNotes },
  { name: "client invitation", input: inviteClientSchema, table: schema.users },
  { name: "website", input: websiteInputSchema, table: schema.websites },
  { name: "domain", input: domainInputSchema, table: schema.domains },
  { name: "domain renewal", input: autoRenewUpdateSchema, table: schema.domains },
  { name: "recurring plan", input: recurringPlanInputSchema, table: schema.recurringPlans },
  { name: "plan request", input: planRequestInputSchema, table: schema.planChangeRequests },
  {
    name: "plan approval",
    input: planRequestApprovalSchema,
    table: schema.planChangeRequests,
    columns: { amountCents: "approvedAmountCents" },
  },
  { name: "payment", input: recordPaymentSchema, table: schema.payments },
];

/** Values just past what a column of each type can store, which its input field must refuse. */
function pastTheColumn(column: Column): unknown[] | undefined {
  const { columnType } = column;
  if (columnType === "PgInteger") return [2_147_483_648, "99999999999", 3e9, 1e308, -2_147_483_649];
  if (columnType === "PgSmallInt") return [32_768, -32_769, 1e308];
  // A bigint read as a JS number: past 2^53 it is no longer exact.
  if (columnType === "PgBigInt53") return [2 ** 53, -(2 ** 53), 1e308];
  if (columnType.startsWith("PgNumeric")) {
    const { precision, scale = 0 } = column as Column & { precision?: number; scale?: number };
    if (precision === undefined) throw new Error(`${column.name}: give the numeric a precision`);
    const limit = 10 ** (precision - scale);
    return [limit, -limit, 1e308];
  }
  if (/^Pg(Date|Timestamp)/.test(columnType)) return ["0000-01-01", "0001-01-01", "9999-12-31"];
  if (columnType === "PgVarchar" || columnType === "PgChar") {
    const { length } = column as Column & { length?: number };
    return length === undefined ? undefined : ["x".repeat(length + 1)];
  }
  // Any other column that holds a number or a time needs its bounds stated above.
  if (/Int|Numeric|Real|Double|Serial|Time|Date|Interval/.test(columnType)) {
    throw new Error(`${column.name}: no bounds known for ${columnType}`);
  }
  return undefined;
}

/** Every (input field, column) pair, with the values past that column. */
const pairs = writes.flatMap(({ name, input, table, columns }) => {
  const tableColumns = getTableColumns(table) as Record<string, Column>;
  return Object.entries(input.shape).flatMap(([field, rule]) => {
    const column = tableColumns[columns?.[field] ?? field];
    if (!column) return [];
    const values = pastTheColumn(column) ?? [];
    return [
      { field: `${name}.${field}`, column: `${getTableName(table)}.${column.name}`, rule, values },
    ];
  });
});

describe("every input field refuses what its column cannot store", () => {
  it.each(pairs)("$field ($column)", ({ field, rule, values }) => {
    for (const value of values) {
      const result = (rule as z.ZodType).safeParse(value);
      expect(result.success, `${field} = ${String(value).slice(0, 20)}`).toBe(false);
    }
  });

  it("covers the numbers and dates that gave 500s", () => {
    const bounded = pairs.filter((pair) => pair.values.length > 0).map((pair) => pair.column);
    expect(bounded).toEqual(
      expect.arrayContaining([
        "websites.check_url",
        "recurring_plans.amount_cents",
        "recurring_plans.billing_day",
        "recurring_plans.starts_on",
        "payments.amount_cents",
        "payments.paid_on",
        "domains.expires_at",
      ]),
    );
  });
});
