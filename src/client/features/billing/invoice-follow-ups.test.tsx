import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { InvoiceDetail, Payment } from "@shared/schemas/billing";
import { queryClient } from "@/lib/query-client";
import { RefundButton } from "./invoice-follow-ups";

/*
 * Staff refunding a payment, against a small HTTP server that answers as the API does: a card
 * payment goes back to the card, anything else asks how the money went back.
 */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const payment = (n: number, patch: Partial<Payment>): Payment => ({
  id: id(n),
  invoiceId: id(1),
  invoiceNumber: "HL-2026-0001",
  kind: "payment",
  status: "succeeded",
  amountCents: 10000,
  method: "card",
  paidOn: "2026-10-07",
  reference: null,
  failureMessage: null,
  createdAt: "2026-10-07T00:00:00Z",
  ...patch,
});

const invoice: InvoiceDetail = {
  id: id(1),
  number: "HL-2026-0001",
  companyId: id(90),
  companyName: "Rivera Bakery",
  status: "paid",
  source: "manual",
  issueDate: "2026-10-01",
  dueDate: "2026-10-15",
  subtotalCents: 15000,
  taxRatePercent: 0,
  taxCents: 0,
  totalCents: 15000,
  paidCents: 15000,
  creditedCents: 0,
  balanceCents: 0,
  overdue: false,
  createdAt: "2026-10-01T00:00:00Z",
  creditNotes: [],
  lines: [{ description: "Logo refresh", quantity: 1, unitPriceCents: 15000, amountCents: 15000 }],
  memo: null,
  periodStart: null,
  periodEnd: null,
  proposalId: null,
  payments: [
    payment(2, { method: "card", amountCents: 10000 }),
    payment(3, { method: "check", amountCents: 5000, reference: "1042" }),
  ],
  payableByCard: false,
  offlinePayment: null,
};

const posted: unknown[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (`${req.method} ${req.url}` === `POST /api/admin/invoices/${id(1)}/refunds`) {
        posted.push(JSON.parse(body));
        res.writeHead(201, { "Content-Type": "application/json" }).end(JSON.stringify(invoice));
        return;
      }
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"message":"Not found"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(async () => {
  await vi.waitFor(() => expect(queryClient.isMutating()).toBe(0));
  cleanup();
  queryClient.clear();
  posted.length = 0;
});

/** Picks `name` in a select by keyboard, as a person without a mouse would. */
async function choose(select: HTMLElement, name: string | RegExp) {
  await act(async () => {
    select.focus();
    fireEvent.keyDown(select, { key: "Enter" });
  });
  const option = await screen.findByRole("option", { name });
  await act(async () => {
    fireEvent.keyDown(option, { key: "Enter" });
  });
}

describe("refunding a payment", () => {
  it("sends a card payment back to the card, and asks how a check went back", async () => {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      `${origin}/invoices/${id(1)}`,
    );
    render(
      <QueryClientProvider client={queryClient}>
        <RefundButton invoice={invoice} />
      </QueryClientProvider>,
    );
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Refund" })));
    const dialog = await screen.findByRole("dialog", { name: "Refund a payment" });

    // The first payment, by card: its whole amount, and no question of how.
    expect(within(dialog).getByLabelText<HTMLInputElement>("Amount ($)").value).toBe("100");
    expect(within(dialog).queryByLabelText("Returned by")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Refund to the card" })).toBeTruthy();

    // The check: what is left of it, and how it went back.
    await choose(within(dialog).getByLabelText("Payment"), /Check · \$50\.00/);
    expect(within(dialog).getByLabelText<HTMLInputElement>("Amount ($)").value).toBe("50");
    await act(async () =>
      fireEvent.click(within(dialog).getByRole("button", { name: "Record refund" })),
    );
    expect(within(dialog).getByText("Choose how the money was returned")).toBeTruthy();
    expect(posted).toEqual([]);

    await choose(within(dialog).getByLabelText("Returned by"), "Check");
    await act(async () => {
      fireEvent.change(within(dialog).getByLabelText("Reason (optional)"), {
        target: { value: "Cancelled before the work began" },
      });
    });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole("button", { name: "Record refund" })),
    );
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      paymentId: id(3),
      amountCents: 5000,
      method: "check",
      reason: "Cancelled before the work began",
    });
  });
});
