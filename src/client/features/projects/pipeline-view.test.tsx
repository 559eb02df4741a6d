import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Pipeline } from "@shared/schemas/projects";
import { StageColumn } from "./pipeline-view";

/*
 * A pipeline stage as staff see it: a year of leads is counted and valued whole, while the
 * column shows its newest cards and says so.
 */

type Stage = Pipeline["stages"][number];
const card = (n: number): Stage["leads"][number] => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  kind: "contact",
  name: `Lead ${n}`,
  company: null,
  reference: `HL-${n}`,
  companyId: null,
  proposalValueCents: 0,
  createdAt: "2026-11-20T17:00:00.000Z",
  nextCallAt: null,
});

afterEach(cleanup);

describe("a pipeline stage", () => {
  it("counts every lead at the stage, and says the cards are its newest when some are left out", () => {
    render(
      <StageColumn
        stage={{
          stage: "lost",
          leadCount: 12_500,
          proposalValueCents: 123_456,
          leads: [card(1), card(2)],
        }}
      />,
    );
    const column = screen.getByRole("region", { name: "Lost" });
    expect(within(column).getByText("12,500")).toBeTruthy();
    expect(within(column).getByText("$1,234.56")).toBeTruthy();
    expect(within(column).getAllByRole("listitem")).toHaveLength(2);
    expect(column.textContent).toContain("The newest 2 of 12,500.");
    expect(within(column).getByRole("link", { name: "All leads" }).getAttribute("href")).toBe("/");
  });

  it("lists every lead, with no such word, when all of them fit", () => {
    render(
      <StageColumn
        stage={{ stage: "won", leadCount: 2, proposalValueCents: 0, leads: [card(1), card(2)] }}
      />,
    );
    const column = screen.getByRole("region", { name: "Won" });
    expect(within(column).getAllByRole("listitem")).toHaveLength(2);
    expect(column.textContent).not.toContain("The newest");
    expect(within(column).queryByRole("link", { name: "All leads" })).toBeNull();
  });
});
