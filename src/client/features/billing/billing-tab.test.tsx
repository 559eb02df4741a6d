import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  invoiceMessages,
  type Billing,
  type InvoiceSummary,
  type Payment,
} from "@shared/schemas/billing";
import { Toaster } from "@/components/ui/toaster";
import { queryClient } from "@/lib/query-client";
import { BillingTab } from "./billing-tab";

/*
 * The Billing tab against a small HTTP server that answers as the API does, for what the
 * browser journeys cannot reach on a server without Stripe: the card buttons and autopay.
 */

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

const invoice = (n: number, patch: Partial<InvoiceSummary>): InvoiceSummary => ({
  id: id(n),
  number: `HL-2026-000${n}`,
  companyId: id(90),
  companyName: "Rivera Bakery",
  status: "paid",
  source: "recurring",
  issueDate: "2026-10-07",
  dueDate: "2026-10-21",
  subtotalCents: 2499,
  taxRatePercent: 0,
  taxCents: 0,
  totalCents: 2499,
  paidCents: 2499,
  creditedCents: 0,
  balanceCents: 0,
  overdue: false,
  createdAt: "2026-10-07T00:00:00Z",
  ...patch,
});

const invoices = [
  invoice(2, { status: "open", issueDate: "2026-11-07", paidCents: 0, balanceCents: 2499 }),
  invoice(1, {}),
];

const payments: Payment[] = [
  {
    id: id(200),
    invoiceId: id(1),
    invoiceNumber: "HL-2026-0001",
    kind: "payment",
    status: "failed",
    amountCents: 2499,
    method: "card",
    paidOn: "2026-10-07",
    reference: null,
    failureMessage: "Your card was declined.",
    createdAt: "2026-10-07T00:00:00Z",
  },
];

const billing = (patch: Partial<Billing> = {}): Billing => ({
  plans: [
    {
      id: id(1),
      name: "VPS Hosting",
      amountCents: 2499,
      billingDay: 7,
      startsOn: "2026-01-07",
      status: "active",
      nextBillingDate: "2026-12-07",
    },
  ],
  monthlyCostCents: 2499,
  nextBillingDate: "2026-12-07",
  paymentMethod: { brand: "Visa", last4: "4242", expMonth: 8, expYear: 2028 },
  autopay: false,
  cardsAccepted: true,
  balanceCents: 2499,
  overdueCount: 0,
  planRequests: [],
  plansFromLaunch: [],
  billingAddress: null,
  ...patch,
});

let current = billing();
const requests: { method: string; url: string; body: string }[] = [];

let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", url: req.url ?? "", body });
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
      const route = `${req.method} ${req.url}`;
      if (route === "GET /api/billing") return json(200, current);
      if (route === "GET /api/invoices") return json(200, invoices);
      if (route === "GET /api/payments") return json(200, payments);
      if (route === "POST /api/billing/payment-method") {
        return json(200, { url: "https://checkout.stripe.example/c/setup" });
      }
      if (route === `POST /api/invoices/${id(2)}/checkout`) {
        return json(409, { message: invoiceMessages.nothingOwed });
      }
      if (route === "PUT /api/billing/autopay") {
        current = { ...current, autopay: (JSON.parse(body) as { enabled: boolean }).enabled };
        return json(200, current);
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
  // Every read answered before the next test, so none is cut off mid-way.
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  cleanup();
  queryClient.clear();
  requests.length = 0;
  vi.restoreAllMocks();
});

function renderTab(answer: Billing) {
  current = answer;
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${origin}/dashboard?tab=billing`,
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <BillingTab
        invoiceId={null}
        notice={null}
        invoiceHref={(invoiceId) => `/dashboard?tab=billing&invoice=${invoiceId}`}
        onCloseInvoice={() => {}}
        onDismissNotice={() => {}}
      />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe("the Billing tab, when cards are taken", () => {
  it("sends the client to Stripe to save a card", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    renderTab(billing());
    await screen.findByText("Visa ending in 4242");
    fireEvent.click(screen.getByRole("button", { name: /Update Payment Method/ }));
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith("https://checkout.stripe.example/c/setup"),
    );
    expect(requests.map((r) => `${r.method} ${r.url}`)).toContain(
      "POST /api/billing/payment-method",
    );
  });

  it("offers Pay now on the invoice still owed only, and says why Stripe refused", async () => {
    renderTab(billing());
    const table = await screen.findByRole("table", { name: "Your invoices, newest first" });
    await within(table).findByText("HL-2026-0002");
    const payNow = within(table).getAllByRole("button", { name: "Pay now" });
    expect(payNow).toHaveLength(1);
    expect(payNow[0]!.closest("tr")?.textContent).toContain("HL-2026-0002");

    fireEvent.click(payNow[0]!);
    expect(await screen.findByText(invoiceMessages.nothingOwed)).toBeTruthy();
  });

  it("turns automatic payments on with the saved card", async () => {
    renderTab(billing());
    const autopay = await screen.findByRole("switch", {
      name: "Pay invoices automatically with this card",
    });
    expect(autopay.getAttribute("aria-checked")).toBe("false");
    await act(async () => fireEvent.click(autopay));
    await vi.waitFor(() => expect(autopay.getAttribute("aria-checked")).toBe("true"));
    expect(requests.find((r) => r.method === "PUT")?.body).toBe('{"enabled":true}');
    expect(await screen.findByText("Automatic payments on")).toBeTruthy();
  });

  it("shows a failed card payment as failed", async () => {
    renderTab(billing());
    const payments = await screen.findByRole("region", { name: "Payments" });
    expect(await within(payments).findByText("Your card was declined.")).toBeTruthy();
    expect(within(payments).getByText("Failed")).toBeTruthy();
  });
});

describe("the Billing tab before launch", () => {
  it("says an accepted proposal's monthly plan starts at launch, not that there is none", async () => {
    renderTab(
      billing({
        plans: [],
        monthlyCostCents: 0,
        nextBillingDate: null,
        plansFromLaunch: [{ name: "Business Hosting", amountCents: 4_900 }],
      }),
    );
    expect(await screen.findByText("Business Hosting · $49.00/month from launch")).toBeTruthy();
    expect(screen.queryByText(/No monthly plan yet/)).toBeNull();
  });

  it("says there is no plan when nothing was accepted", async () => {
    renderTab(billing({ plans: [], monthlyCostCents: 0, nextBillingDate: null }));
    expect(await screen.findByText(/No monthly plan yet/)).toBeTruthy();
  });
});

describe("the Billing tab, when cards are not taken", () => {
  it("says how to pay, and offers no card button, Pay now or autopay", async () => {
    renderTab(billing({ cardsAccepted: false }));
    await screen.findByText("Visa ending in 4242");
    expect(screen.getByText(/Invoices can be paid by bank transfer or check/)).toBeTruthy();
    await screen.findByText("HL-2026-0002");
    expect(screen.queryByRole("button", { name: /Update Payment Method/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Pay now" })).toBeNull();
    expect(screen.queryByRole("switch")).toBeNull();
  });

  it("says there is no card on file", async () => {
    renderTab(billing({ cardsAccepted: false, paymentMethod: null }));
    expect(await screen.findByText("No card on file.")).toBeTruthy();
  });
});
