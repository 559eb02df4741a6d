import { describe, expect, it } from "vitest";
import { pageSummary } from "./data-table";

describe("what a paged list says above it", () => {
  it("counts a list that fits on one page, and says when there is nothing", () => {
    expect(pageSummary({ page: 1, pageSize: 25, total: 3, shown: 3 }, "lead", "leads")).toBe(
      "3 leads",
    );
    expect(pageSummary({ page: 1, pageSize: 25, total: 1, shown: 1 }, "ticket", "tickets")).toBe(
      "1 ticket",
    );
    expect(pageSummary({ page: 1, pageSize: 25, total: 0, shown: 0 }, "invoice", "invoices")).toBe(
      "No invoices",
    );
  });

  it("gives the rows shown and the whole count when the list spans pages", () => {
    expect(pageSummary({ page: 1, pageSize: 25, total: 1204, shown: 25 }, "lead", "leads")).toBe(
      "Showing 1–25 of 1,204 leads",
    );
    expect(pageSummary({ page: 3, pageSize: 25, total: 60, shown: 10 }, "ticket", "tickets")).toBe(
      "Showing 51–60 of 60 tickets",
    );
  });
});
