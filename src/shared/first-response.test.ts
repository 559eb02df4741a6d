import { describe, expect, it } from "vitest";
import { describeFirstResponse, firstResponse } from "./first-response";

const opened = new Date("2026-03-02T09:00:00Z");
const minutes = (count: number) => new Date(opened.getTime() + count * 60_000);
const ticket = (changes: Partial<Parameters<typeof firstResponse>[0]> = {}) => ({
  status: "open",
  createdAt: opened,
  firstResponseDueAt: minutes(240),
  firstRespondedAt: null,
  ...changes,
});

describe("the first-response clock", () => {
  it("says what the queue shows, in hours and minutes", () => {
    const say = (changes: Parameters<typeof ticket>[0], now: Date) =>
      describeFirstResponse(firstResponse(ticket(changes), now));
    expect(say({}, minutes(110))).toBe("2 hr 10 min left");
    expect(say({}, minutes(0))).toBe("4 hr left");
    expect(say({}, minutes(275))).toBe("Late by 35 min");
    expect(say({}, minutes(240))).toBe("Late by under 1 min");
    expect(say({}, minutes(240 + 27 * 60))).toBe("Late by 27 hr");
    expect(say({}, minutes(240 + 51 * 60 + 10))).toBe("Late by 2 days 3 hr");
    expect(say({ firstRespondedAt: minutes(65) }, minutes(600))).toBe("Answered in 1 hr 5 min");
    expect(say({ firstRespondedAt: minutes(300) }, minutes(600))).toBe("Answered late, in 5 hr");
    expect(say({ status: "resolved" }, minutes(600))).toBe("Closed before a reply");
    expect(say({ firstResponseDueAt: null }, minutes(600))).toBe("No target");
  });

  it("keeps the target it was given", () => {
    expect(firstResponse(ticket(), minutes(0)).targetHours).toBe(4);
    expect(
      firstResponse(ticket({ firstResponseDueAt: minutes(24 * 60) }), minutes(0)).targetHours,
    ).toBe(24);
  });
});
