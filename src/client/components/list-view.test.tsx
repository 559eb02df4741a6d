import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { ListState, ListTable, ListView, type Column } from "./list-view";

/*
 * What the back office's list scaffold shows, rendered as a browser would: the heading and the
 * tab's title, the filters and the count, then the rows, or why there are none yet.
 */

type Row = { id: string; name: string; city: string | null };
const columns: Column<Row>[] = [
  { header: "Name", main: true, cell: (row) => row.name },
  { header: "City", hideOnPhone: (row) => !row.city, cell: (row) => row.city ?? "—" },
];
const rows: Row[] = [
  { id: "1", name: "Rivera Bakery", city: "Gig Harbor" },
  { id: "2", name: "Tidewater Kayaks", city: null },
];
const table = (shown: Row[]) => (
  <ListTable
    caption="Clients, by name"
    columns={columns}
    rows={shown}
    rowKey={(row) => row.id}
    rowAlert={(row) => row.city === null}
    empty={{ title: "No clients yet", body: "Invite your first client." }}
  />
);
const query = (state: Partial<Parameters<typeof ListState<Row[]>>[0]["query"]>) => ({
  data: undefined,
  error: null,
  isPending: false,
  refetch: vi.fn(),
  ...state,
});

afterEach(cleanup);

describe("the list scaffold", () => {
  it("heads the view, names the tab, and announces the count", () => {
    render(
      <ListView
        title="Clients"
        description="Every client company."
        filters={<label>Search</label>}
        summary="2 companies"
      >
        {table(rows)}
      </ListView>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Clients" })).toBeTruthy();
    expect(document.title).toBe("Clients · Back office · Harborline");
    expect(screen.getByText("Every client company.")).toBeTruthy();
    expect(screen.getByText("Search")).toBeTruthy();
    expect(screen.getByText("2 companies").getAttribute("aria-live")).toBe("polite");
  });

  it("shows the rows under their columns, each cell named for a phone's card", () => {
    render(table(rows));
    const grid = screen.getByRole("table", { name: "Clients, by name" });
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Name", "City"]);
    const [, first, second] = within(grid).getAllByRole("row");
    expect(
      within(first!)
        .getAllByRole("cell")
        .map((td) => td.textContent),
    ).toEqual(["Rivera Bakery", "Gig Harbor"]);
    expect(within(first!).getByText("Gig Harbor").getAttribute("data-label")).toBe("City");
    // The main cell is the card's first line, without a name of its own.
    expect(within(first!).getByText("Rivera Bakery").hasAttribute("data-label")).toBe(false);
    // A row that needs attention is marked; an empty value leaves the phone's card.
    expect(second!.hasAttribute("data-alert")).toBe(true);
    expect(within(second!).getByText("—").className).toContain("max-lg:hidden");
  });

  it("says so when there are no rows", () => {
    render(table([]));
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("No clients yet")).toBeTruthy();
    expect(screen.getByText("Invite your first client.")).toBeTruthy();
  });

  it("says what is loading, then shows the rows", () => {
    const { rerender } = render(
      <ListState query={query({ isPending: true })} loading="Loading clients...">
        {table}
      </ListState>,
    );
    expect(screen.getByRole("status").textContent).toBe("Loading clients...");
    rerender(
      <ListState query={query({ data: rows })} loading="Loading clients...">
        {table}
      </ListState>,
    );
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("table", { name: "Clients, by name" })).toBeTruthy();
  });

  it("says why a read failed, and tries again", () => {
    const failed = query({ error: new ApiError(500, "", "Internal Server Error") });
    render(
      <ListState query={failed} loading="Loading clients...">
        {table}
      </ListState>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Internal Server Error");
    fireEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });
});
