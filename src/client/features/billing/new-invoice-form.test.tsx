import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { queryClient } from "@/lib/query-client";
import { NewInvoiceForm } from "./new-invoice-form";

/*
 * The back office's New invoice form against a small HTTP server that answers as the API does:
 * its lines typed, checked and added up as staff type them, and what it posts.
 */

const companyId = "00000000-0000-4000-8000-000000000090";
const posted: unknown[] = [];
/** What the server answers the next POST with. */
let answer: { status: number; body: unknown } = { status: 201, body: {} };

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
      const route = `${req.method} ${req.url}`;
      if (route === "GET /api/admin/clients") {
        return json(200, [
          {
            id: companyId,
            name: "Rivera Bakery",
            ownerEmail: "jordan@rivera.example",
            members: 1,
            websites: 1,
            openTickets: 0,
            createdAt: "2026-01-01T00:00:00Z",
          },
        ]);
      }
      if (route === "POST /api/admin/invoices") {
        posted.push(JSON.parse(body));
        return json(answer.status, answer.body);
      }
      json(404, { message: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(async () => {
  await vi.waitFor(() => expect(queryClient.isFetching() + queryClient.isMutating()).toBe(0));
  cleanup();
  queryClient.clear();
  posted.length = 0;
});

async function renderForm() {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${origin}/invoices/new?companyId=${companyId}`,
  );
  render(
    <QueryClientProvider client={queryClient}>
      <NewInvoiceForm />
    </QueryClientProvider>,
  );
  await vi.waitFor(() =>
    expect(screen.getByRole("combobox", { name: "Client" }).textContent).toContain("Rivera Bakery"),
  );
}

const lines = () => within(screen.getByRole("list", { name: "Lines" })).getAllByRole("listitem");
const type = (field: HTMLElement, value: string) =>
  act(async () => {
    fireEvent.change(field, { target: { value } });
  });

describe("the new invoice form", () => {
  it("says what each field needs, adds the lines up as they are typed, and posts cents", async () => {
    await renderForm();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Issue and email" })));
    const [first] = lines();
    const description = within(first!).getByLabelText("Description");
    expect(description.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Each line needs a description of at least 2 characters")).toBeTruthy();
    expect(within(first!).getByText("Enter an amount")).toBeTruthy();
    expect(screen.getByText("Some fields need your attention.")).toBeTruthy();
    expect(posted).toEqual([]);

    await type(description, "Logo refresh");
    await type(within(first!).getByLabelText("Qty"), "2");
    await type(within(first!).getByLabelText("Unit price ($)"), "1,250.50");
    expect(within(first!).getByText("$2,501.00")).toBeTruthy();
    expect(screen.queryByText("Enter an amount")).toBeNull();
    expect(within(first!).queryByRole("button", { name: "Remove line 1" })).toBeNull();

    // A second line counts in the subtotal until it is removed.
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add a line" })));
    expect(lines()).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Lines (2)" })).toBeTruthy();
    await type(within(lines()[1]!).getByLabelText("Unit price ($)"), "99");
    expect(screen.getByText("Subtotal").parentElement?.textContent).toBe("Subtotal $2,600.00");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Remove line 2" })));
    expect(lines()).toHaveLength(1);
    expect(screen.getByText("Subtotal").parentElement?.textContent).toBe("Subtotal $2,501.00");

    answer = { status: 201, body: { id: companyId, number: null, companyName: "Rivera Bakery" } };
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save draft" })));
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      companyId,
      lines: [{ description: "Logo refresh", quantity: 2, unitPriceCents: 125050 }],
      issue: false,
    });
  });

  it("puts the server's refusal of a line's price beside that price", async () => {
    await renderForm();
    const [first] = lines();
    await type(within(first!).getByLabelText("Description"), "Logo refresh");
    await type(within(first!).getByLabelText("Unit price ($)"), "250");
    answer = {
      status: 400,
      body: {
        message: "Some fields need attention. Please check them and try again.",
        errors: {
          "lines.0.unitPriceCents": "Price must be a whole number from 0 to 1,000,000,000",
        },
      },
    };
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Issue and email" })));
    await vi.waitFor(() =>
      expect(
        within(first!).getByText("Price must be a whole number from 0 to 1,000,000,000"),
      ).toBeTruthy(),
    );
    expect(within(first!).getByLabelText("Unit price ($)").getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(posted).toEqual([
      {
        companyId,
        lines: [{ description: "Logo refresh", quantity: 1, unitPriceCents: 25000 }],
        issue: true,
      },
    ]);
  });
});
