import { describe, expect, it } from "vitest";
import { describeFirstResponse, firstResponse, formatDuration } from "./first-response";

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
    expect(say({}, minutes(110))).toBe("2 h 10 min left");
    expect(say({}, minutes(0))).toBe("4 h left");
    expect(say({}, minutes(275))).toBe("Late by 35 min");
    expect(say({}, minutes(240))).toBe("Late by under 1 min");
    expect(say({}, minutes(240 + 27 * 60))).toBe("Late by 27 h");
    expect(say({}, minutes(240 + 51 * 60 + 10))).toBe("Late by 2 d 3 h");
    expect(say({ firstRespondedAt: minutes(65) }, minutes(600))).toBe("Answered in 1 h 5 min");
    expect(say({ firstRespondedAt: minutes(300) }, minutes(600))).toBe("Answered late, in 5 h");
    expect(say({ status: "resolved" }, minutes(600))).toBe("Closed before a reply");
    expect(say({ firstResponseDueAt: null }, minutes(600))).toBe("No target");
  });

  it("keeps the target it was given", () => {
    expect(firstResponse(ticket(), minutes(0)).targetHours).toBe(4);
    expect(
      firstResponse(ticket({ firstResponseDueAt: minutes(24 * 60) }), minutes(0)).targetHours,
    ).toBe(24);
  });

  it("writes durations short", () => {
    expect(formatDuration(0)).toBe("under 1 min");
    expect(formatDuration(59)).toBe("59 min");
    expect(formatDuration(60)).toBe("1 h");
    expect(formatDuration(24 * 60)).toBe("24 h");
    expect(formatDuration(47 * 60 + 59)).toBe("47 h 59 min");
    expect(formatDuration(48 * 60)).toBe("2 d");
    expect(formatDuration(49 * 60 + 30)).toBe("2 d 1 h");
  });
});
