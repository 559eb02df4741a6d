import { describe, expect, it } from "vitest";
import { dashboardHref, parseDashboardView } from "./dashboard-view";

describe("dashboardHref", () => {
  it("keeps the default tab out of the address", () => {
    expect(dashboardHref({})).toBe("/dashboard");
    expect(dashboardHref({ tab: "websites" })).toBe("/dashboard");
    expect(dashboardHref({ tab: "billing" })).toBe("/dashboard?tab=billing");
    expect(dashboardHref({ tab: "projects" })).toBe("/dashboard?tab=projects");
  });

  it("opens the New Ticket form or a ticket on the Support tab", () => {
    expect(dashboardHref({ newTicket: true })).toBe("/dashboard?tab=support&new=1");
    expect(dashboardHref({ tab: "domains", ticketId: "abc" })).toBe(
      "/dashboard?tab=support&ticket=abc",
    );
  });

  it("opens a proposal on the Projects tab", () => {
    expect(dashboardHref({ tab: "projects", proposalId: "p1" })).toBe(
      "/dashboard?tab=projects&proposal=p1",
    );
    expect(dashboardHref({ tab: "websites", proposalId: "p1" })).toBe(
      "/dashboard?tab=projects&proposal=p1",
    );
  });
});

describe("parseDashboardView", () => {
  it("shows My Websites by default and for an unknown tab", () => {
    expect(parseDashboardView("")).toEqual({
      tab: "websites",
      newTicket: false,
      ticketId: null,
      proposalId: null,
      invoiceId: null,
      billingNotice: null,
    });
    expect(parseDashboardView("tab=nope").tab).toBe("websites");
  });

  it("reads the Projects tab and the proposal the email link opens", () => {
    expect(parseDashboardView("tab=projects")).toMatchObject({
      tab: "projects",
      proposalId: null,
    });
    expect(parseDashboardView("tab=projects&proposal=p1")).toMatchObject({
      tab: "projects",
      proposalId: "p1",
    });
    // The proposal alone is enough to open its tab.
    expect(parseDashboardView("proposal=p1")).toMatchObject({ tab: "projects", proposalId: "p1" });
  });

  it("lets a ticket win over a proposal", () => {
    expect(parseDashboardView("ticket=t1&proposal=p1")).toMatchObject({
      tab: "support",
      ticketId: "t1",
      proposalId: null,
    });
  });

  it("reads back every address dashboardHref makes", () => {
    const views = [
      { tab: "projects" as const, proposalId: "p1" },
      { tab: "support" as const, ticketId: "t1" },
      { tab: "team" as const },
      { newTicket: true },
    ];
    for (const view of views) {
      const search = dashboardHref(view).split("?")[1] ?? "";
      expect(parseDashboardView(search)).toMatchObject(view);
    }
  });
});

describe("the Billing tab's addresses", () => {
  it("opens an invoice on the Billing tab, as invoice emails link", () => {
    expect(parseDashboardView("tab=billing&invoice=i1")).toMatchObject({
      tab: "billing",
      invoiceId: "i1",
    });
    expect(parseDashboardView("invoice=i1")).toMatchObject({ tab: "billing", invoiceId: "i1" });
    expect(dashboardHref({ invoiceId: "i1" })).toBe("/dashboard?tab=billing&invoice=i1");
  });

  it("reads Stripe's way back: a payment made, a card saved", () => {
    expect(parseDashboardView("tab=billing&paid=1").billingNotice).toBe("paid");
    expect(parseDashboardView("tab=billing&card=saved").billingNotice).toBe("card-saved");
    expect(parseDashboardView("tab=billing&invoice=i1&paid=1")).toMatchObject({
      invoiceId: "i1",
      billingNotice: "paid",
    });
    // Only on the Billing tab.
    expect(parseDashboardView("tab=domains&paid=1").billingNotice).toBeNull();
    expect(parseDashboardView("tab=billing&paid=yes").billingNotice).toBeNull();
  });

  it("lets a ticket or a proposal win over an invoice", () => {
    expect(parseDashboardView("ticket=t1&invoice=i1")).toMatchObject({
      tab: "support",
      invoiceId: null,
    });
    expect(parseDashboardView("proposal=p1&invoice=i1")).toMatchObject({
      tab: "projects",
      invoiceId: null,
    });
  });

  it("keeps a notice with the invoice it is about", () => {
    expect(dashboardHref({ invoiceId: "i1", billingNotice: "paid" })).toBe(
      "/dashboard?tab=billing&invoice=i1&paid=1",
    );
    expect(dashboardHref({ tab: "billing", billingNotice: "card-saved" })).toBe(
      "/dashboard?tab=billing&card=saved",
    );
  });
});
