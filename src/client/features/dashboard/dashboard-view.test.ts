import { describe, expect, it } from "vitest";
import { dashboardHref } from "./dashboard-view";

describe("dashboardHref", () => {
  it("keeps the default tab out of the address", () => {
    expect(dashboardHref({})).toBe("/dashboard");
    expect(dashboardHref({ tab: "websites" })).toBe("/dashboard");
    expect(dashboardHref({ tab: "billing" })).toBe("/dashboard?tab=billing");
  });

  it("opens the New Ticket form or a ticket on the Support tab", () => {
    expect(dashboardHref({ newTicket: true })).toBe("/dashboard?tab=support&new=1");
    expect(dashboardHref({ tab: "domains", ticketId: "abc" })).toBe(
      "/dashboard?tab=support&ticket=abc",
    );
  });
});
