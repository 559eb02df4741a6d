import { describe, expect, it } from "vitest";
import {
  backOfficeLists,
  backOfficePaths,
  parseReportMonth,
  clientLinks,
  dashboardPath,
  homePath,
  parseDashboardView,
  parseNewInvoiceCompany,
  parseProposalOwner,
  parseSignIn,
  signInLinks,
  staffLinks,
  toSearch,
} from "./deep-links";

describe("dashboardPath", () => {
  it("keeps the default tab out of the address", () => {
    expect(dashboardPath({})).toBe("/dashboard");
    expect(dashboardPath({ tab: "websites" })).toBe("/dashboard");
    expect(dashboardPath({ tab: "billing" })).toBe("/dashboard?tab=billing");
    expect(dashboardPath({ tab: "projects" })).toBe("/dashboard?tab=projects");
  });

  it("opens the New Ticket form or a ticket on the Support tab", () => {
    expect(dashboardPath({ newTicket: true })).toBe("/dashboard?tab=support&new=1");
    expect(dashboardPath({ tab: "domains", ticketId: "abc" })).toBe(
      "/dashboard?tab=support&ticket=abc",
    );
  });

  it("opens a proposal on the Projects tab", () => {
    expect(dashboardPath({ tab: "projects", proposalId: "p1" })).toBe(
      "/dashboard?tab=projects&proposal=p1",
    );
    expect(dashboardPath({ tab: "websites", proposalId: "p1" })).toBe(
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

  it("reads back every address dashboardPath makes", () => {
    const views = [
      { tab: "projects" as const, proposalId: "p1" },
      { tab: "support" as const, ticketId: "t1" },
      { tab: "team" as const },
      { newTicket: true },
    ];
    for (const view of views) {
      const search = dashboardPath(view).split("?")[1] ?? "";
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
    expect(dashboardPath({ invoiceId: "i1" })).toBe("/dashboard?tab=billing&invoice=i1");
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
    expect(dashboardPath({ invoiceId: "i1", billingNotice: "paid" })).toBe(
      "/dashboard?tab=billing&invoice=i1&paid=1",
    );
    expect(dashboardPath({ tab: "billing", billingNotice: "card-saved" })).toBe(
      "/dashboard?tab=billing&card=saved",
    );
  });
});

const id = "3f6c2a1e-8b4d-4c1a-9e2f-5a7b9c0d1e2f";
const other = "0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9";
/** The path and the query string of an address. */
const split = (address: string) => {
  const [path = "", search = ""] = address.split("?");
  return { path, search };
};

describe("every portal link opens what it names", () => {
  const cases: [string, string, Partial<ReturnType<typeof parseDashboardView>>][] = [
    ["dashboard", clientLinks.dashboard(), { tab: "websites" }],
    ["domains", clientLinks.domains(), { tab: "domains" }],
    ["billing", clientLinks.billing(), { tab: "billing", invoiceId: null }],
    ["invoice", clientLinks.invoice(id), { tab: "billing", invoiceId: id }],
    ["proposal", clientLinks.proposal(id), { tab: "projects", proposalId: id }],
    ["projects", clientLinks.projects(), { tab: "projects", proposalId: null }],
    ["ticket", clientLinks.ticket(id), { tab: "support", ticketId: id, newTicket: false }],
    ["new ticket", clientLinks.newTicket(), { tab: "support", newTicket: true }],
    [
      "paid invoice",
      clientLinks.invoicePaid(id),
      { tab: "billing", invoiceId: id, billingNotice: "paid" },
    ],
    ["card saved", clientLinks.cardSaved(), { tab: "billing", billingNotice: "card-saved" }],
  ];
  it.each(cases)("%s", (_, link, view) => {
    const { path, search } = split(link);
    expect(path).toBe("/dashboard");
    expect(parseDashboardView(search)).toMatchObject(view);
    // Read back and written again, the address is the same.
    expect(dashboardPath(parseDashboardView(search))).toBe(link);
  });

  it("opens every tab by name", () => {
    for (const tab of ["websites", "domains", "billing", "support", "projects", "team"] as const) {
      expect(parseDashboardView(split(clientLinks.dashboard(tab)).search).tab).toBe(tab);
    }
  });

  it("keeps the addresses emails have always carried", () => {
    expect(clientLinks.invoice("i1")).toBe("/dashboard?tab=billing&invoice=i1");
    expect(clientLinks.ticket("t1")).toBe("/dashboard?tab=support&ticket=t1");
    expect(clientLinks.proposal("p1")).toBe("/dashboard?tab=projects&proposal=p1");
    expect(clientLinks.newTicket()).toBe("/dashboard?tab=support&new=1");
    expect(clientLinks.site(id)).toBe(`/dashboard/sites/${id}`);
  });

  it("sends Stripe's payer back to the addresses it was given", () => {
    expect(clientLinks.invoicePaid("i1")).toBe("/dashboard?tab=billing&invoice=i1&paid=1");
    expect(clientLinks.cardSaved()).toBe("/dashboard?tab=billing&card=saved");
  });

  it("leads each person home: staff to the back office, clients to their dashboard", () => {
    expect(homePath({ isAdmin: true })).toBe("/admin");
    expect(homePath({ isAdmin: false })).toBe("/dashboard");
    expect(homePath({})).toBe("/dashboard");
    expect(clientLinks.account()).toBe("/account");
  });
});

describe("the back office's links", () => {
  it("are the back office's own paths under /admin", () => {
    expect(staffLinks.home()).toBe("/admin");
    expect(staffLinks.lead("contact", id)).toBe(`/admin/leads/contact/${id}`);
    expect(staffLinks.client(id)).toBe(`/admin${backOfficePaths.client(id)}`);
    expect(staffLinks.invoices()).toBe("/admin/invoices");
    expect(staffLinks.invoice(id)).toBe(`/admin/invoices/${id}`);
    expect(staffLinks.proposal(id)).toBe(`/admin/proposals/${id}`);
    expect(staffLinks.ticket(id)).toBe(`/admin/tickets/${id}`);
    expect(staffLinks.monitoring()).toBe("/admin/monitoring");
  });

  it("open each section of the back office's menu with no filter", () => {
    expect(backOfficeLists.leads.path()).toBe("/");
    expect(backOfficeLists.clients.path()).toBe("/clients");
    expect(backOfficeLists.invoices.path()).toBe("/invoices");
    expect(backOfficeLists.tickets.path()).toBe("/tickets");
    expect(backOfficeLists.audit.path()).toBe("/audit");
    expect(backOfficePaths.pipeline()).toBe("/pipeline");
    expect(backOfficePaths.monitoring()).toBe("/monitoring");
    expect(backOfficePaths.emails()).toBe("/emails");
  });

  it("read back the owner of a new proposal and the client of a new invoice", () => {
    for (const owner of [{ leadId: id }, { companyId: id }]) {
      const { path, search } = split(backOfficePaths.newProposal(owner));
      expect(path).toBe("/proposals/new");
      expect(parseProposalOwner(search)).toEqual(owner);
    }
    expect(parseProposalOwner("")).toBeNull();
    expect(parseProposalOwner("leadId=not-an-id")).toBeNull();
    expect(parseNewInvoiceCompany(split(backOfficePaths.newInvoice(id)).search)).toBe(id);
    expect(backOfficePaths.newInvoice()).toBe("/invoices/new");
    expect(parseNewInvoiceCompany("")).toBeUndefined();
  });

  it("read back the month of a client's reports page", () => {
    expect(staffLinks.clientReports(id)).toBe(`/admin/clients/${id}/reports`);
    const { path, search } = split(backOfficePaths.clientReports(id, "2026-10"));
    expect(path).toBe(`/clients/${id}/reports`);
    expect(parseReportMonth(search)).toBe("2026-10");
    expect(parseReportMonth("")).toBe("");
  });
});

describe("the back office's lists keep their filters in the address", () => {
  it("reads back every filter it writes", () => {
    const cases = [
      [backOfficeLists.leads, { kind: "contact", status: "new", q: "bakery & co", page: 3 }],
      [backOfficeLists.clients, { q: "Rivera" }],
      [backOfficeLists.invoices, { status: "open", companyId: id, overdue: true, page: 4 }],
      [
        backOfficeLists.tickets,
        { status: "open", priority: "high", assignee: "me", sort: "time-left", page: 2 },
      ],
      [backOfficeLists.audit, { actorId: id, companyId: other, page: 2 }],
    ] as const;
    for (const [address, filters] of cases) {
      const search = split(address.path(filters)).search;
      expect(address.parse(search)).toEqual(filters);
    }
  });

  it("leaves out what is not set, and the first page", () => {
    expect(backOfficeLists.leads.path({ kind: "", q: "", page: 1 })).toBe("/");
    expect(backOfficeLists.invoices.path({ overdue: false })).toBe("/invoices");
    expect(backOfficeLists.audit.path({ companyId: id })).toBe(`/audit?companyId=${id}`);
    expect(backOfficeLists.leads.parse("")).toEqual({ kind: "", status: "", q: "", page: 1 });
  });

  it("reads what it cannot make sense of as no filter", () => {
    expect(backOfficeLists.audit.parse("companyId=1%20or%201&page=-4")).toEqual({
      actorId: undefined,
      companyId: undefined,
      page: 1,
    });
    expect(backOfficeLists.leads.parse("page=2.7").page).toBe(2);
    expect(backOfficeLists.invoices.parse("overdue=yes").overdue).toBe(false);
  });
});

describe("toSearch", () => {
  it("writes the values set, encoded, and nothing when none is", () => {
    expect(toSearch({})).toBe("");
    expect(toSearch({ a: "", b: undefined, c: null, d: false })).toBe("");
    expect(toSearch({ q: "a&b c", page: 2, on: true })).toBe("?q=a%26b+c&page=2&on=true");
  });
});

describe("signing in comes back to where the person was going", () => {
  const origin = "https://harborline.example";
  const returnTo = "/dashboard?tab=billing&invoice=i1";

  it("carries the return address through every step", () => {
    expect(signInLinks.start("/dashboard")).toBe("/api/login?returnTo=%2Fdashboard");
    expect(signInLinks.start()).toBe("/api/login");
    expect(signInLinks.verify()).toBe("/login/verify");
    expect(signInLinks.signOut()).toBe("/api/logout");
    for (const link of [signInLinks.page(returnTo), signInLinks.verify(returnTo)]) {
      expect(parseSignIn(split(link).search, origin)).toEqual({ returnTo, error: null });
    }
    expect(parseSignIn(split(signInLinks.page(returnTo, "link-invalid")).search, origin)).toEqual({
      returnTo,
      error: "link-invalid",
    });
  });

  it("never reads a return address that leaves the site", () => {
    expect(parseSignIn("returnTo=%2F%2Fevil.example%2F", origin).returnTo).toBeUndefined();
    expect(parseSignIn("returnTo=https%3A%2F%2Fevil.example", origin).returnTo).toBeUndefined();
  });
});
