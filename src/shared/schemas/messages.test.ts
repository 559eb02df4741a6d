import { describe, expect, it } from "vitest";
import { z } from "./zod";
import * as admin from "./admin";
import * as apply from "./apply";
import * as contact from "./contact";
import * as portal from "./portal";
import * as tickets from "./tickets";

/** What people and API clients send us; the other exported schemas describe our answers. */
const inputs: Record<string, z.ZodObject> = {
  contactSchema: contact.contactSchema,
  applySchema: apply.applySchema,
  newTicketSchema: tickets.newTicketSchema,
  ticketReplySchema: tickets.ticketReplySchema,
  domainUpdateSchema: portal.domainUpdateSchema,
  leadFilterSchema: admin.leadFilterSchema,
  leadListQuerySchema: admin.leadListQuerySchema,
  leadStatusUpdateSchema: admin.leadStatusUpdateSchema,
  noteInputSchema: admin.noteInputSchema,
  inviteClientSchema: admin.inviteClientSchema,
  websiteInputSchema: admin.websiteInputSchema,
  domainInputSchema: admin.domainInputSchema,
  billingInputSchema: admin.billingInputSchema,
  ticketUpdateSchema: admin.ticketUpdateSchema,
};
const answers = new Set([
  "leadSummarySchema",
  "leadListSchema",
  "leadNoteSchema",
  "leadDetailSchema",
  "clientSummarySchema",
  "websiteSchema",
  "domainSchema",
  "billingSchema",
  "ticketSchema",
  "ticketMessageSchema",
  "ticketDetailSchema",
]);

/** Wrong types, out-of-range numbers and dates, too-long text, control characters. */
const wrongValues: unknown[] = [
  null,
  true,
  123,
  -1,
  1.5,
  1e308,
  -1e308,
  "abc",
  "",
  "0000-01-01",
  "x".repeat(6000),
  "\u0000",
  {},
  [],
];

/** zod's own words, which name neither the field nor what to do. */
const zodDefault = /Invalid input|Invalid option|Too small|Too big|expected|received/i;

describe("the shared input schemas answer in words written for people", () => {
  it("every exported schema is known as an input or an answer", () => {
    const exported = [admin, apply, contact, portal, tickets].flatMap((module) =>
      Object.entries(module)
        .filter(([, value]) => value instanceof z.ZodType)
        .map(([name]) => name),
    );
    for (const name of exported) {
      expect(name in inputs || answers.has(name), `${name}: an input or an answer?`).toBe(true);
    }
  });

  it.each(Object.entries(inputs))("%s", (_name, schema) => {
    for (const [field, rule] of Object.entries(schema.shape)) {
      for (const value of [undefined, ...wrongValues]) {
        const result = (rule as z.ZodType).safeParse(value);
        for (const issue of result.error?.issues ?? []) {
          expect(issue.message, `${field} = ${JSON.stringify(value)?.slice(0, 20)}`).not.toMatch(
            zodDefault,
          );
        }
      }
    }
  });
});
