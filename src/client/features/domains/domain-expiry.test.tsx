import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { ClientDetail } from "@shared/schemas/clients";
import type { Domain } from "@shared/schemas/domains";
import { queryClient } from "@/lib/query-client";
import { DomainsPanel } from "./domains-panel";
import { DomainsTab } from "./domains-tab";

/*
 * How the portal's domains tab and the back office's domains panel say where an expiry date
 * comes from: the registry (read over RDAP) or staff (typed, for endings with no RDAP server).
 */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const measured: Domain = {
  id: id(1),
  domain: "riverabakery.com",
  autoRenew: true,
  expiresAt: "2027-03-04T04:00:00.000Z",
  expirySource: "measured",
  typedExpiresAt: "2026-12-01T00:00:00.000Z",
  registrar: "GoDaddy.com, LLC",
  registryStatus: ["client transfer prohibited"],
  expiringSoon: false,
};
const typed: Domain = {
  id: id(2),
  domain: "riverabakery.example",
  autoRenew: false,
  expiresAt: "2031-03-15T00:00:00.000Z",
  expirySource: "typed",
  typedExpiresAt: "2031-03-15T00:00:00.000Z",
  registrar: null,
  registryStatus: [],
  expiringSoon: false,
};
const undated: Domain = {
  ...typed,
  id: id(3),
  domain: "undated.example",
  expiresAt: null,
  expirySource: null,
  typedExpiresAt: null,
};

afterEach(() => {
  cleanup();
  queryClient.clear();
});

const rowOf = (name: string) => screen.getAllByText(name)[0]!.closest("li")!;

describe("a domain's expiry and where it comes from", () => {
  it("in the portal: the registry's date and registrar, or the date staff entered", () => {
    queryClient.setQueryData(["/api/domains"], [measured, typed, undated]);
    render(
      <QueryClientProvider client={queryClient}>
        <DomainsTab onManage={() => {}} onRequest={() => {}} />
      </QueryClientProvider>,
    );
    expect(rowOf("riverabakery.com").textContent).toContain(
      "Expires Mar 4, 2027 · from the registryRegistrar: GoDaddy.com, LLC",
    );
    expect(rowOf("riverabakery.example").textContent).toContain(
      "Expires Mar 15, 2031 · entered by staff",
    );
    expect(rowOf("riverabakery.example").textContent).not.toContain("Registrar");
    expect(rowOf("undated.example").textContent).toContain("No expiry date on file");
    expect(rowOf("undated.example").textContent).not.toMatch(/registry|staff/);
  });

  it("in the back office, where the form edits the date staff typed, not the registry's", async () => {
    const client: ClientDetail = {
      company: { id: id(9), name: "Rivera Bakery", createdAt: "2026-01-01T00:00:00Z" },
      members: [],
      websites: [],
      // The registry could not be asked at the last lookup: staff see why.
      domains: [
        { ...measured, registryLookupError: "The registry answered 503" },
        { ...typed, registryLookupError: null },
        { ...undated, registryLookupError: null },
      ],
      tickets: [],
    };
    render(
      <QueryClientProvider client={queryClient}>
        <DomainsPanel client={client} />
      </QueryClientProvider>,
    );
    const row = rowOf("riverabakery.com");
    expect(within(row).getByText(/^Expires Mar 4, 2027/).textContent).toBe(
      "Expires Mar 4, 2027 · from the registry",
    );
    expect(within(row).getByText("Registrar: GoDaddy.com, LLC")).toBeTruthy();
    expect(within(rowOf("riverabakery.example")).getByText(/^Expires/).textContent).toBe(
      "Expires Mar 15, 2031 · entered by staff",
    );
    expect(within(rowOf("undated.example")).getByText("No expiry date")).toBeTruthy();
    expect(within(row).getByText(/^Registry lookup failed/).textContent).toBe(
      "Registry lookup failed: The registry answered 503",
    );
    expect(rowOf("riverabakery.example").textContent).not.toContain("lookup failed");

    await act(async () => {
      fireEvent.click(within(row).getByRole("button", { name: /edit/i }));
    });
    expect((screen.getByLabelText("Expiry date") as HTMLInputElement).value).toBe("2026-12-01");
  });
});
