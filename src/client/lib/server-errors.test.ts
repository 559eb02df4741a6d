import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { errorMessage, formFailure, showServerErrors } from "./server-errors";

const json = (value: unknown) => JSON.stringify(value);

describe("errorMessage", () => {
  it("says the server could not be reached when there was no answer", () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe(
      "The server could not be reached. Check your connection.",
    );
  });

  it("says a 401 means signed out", () => {
    expect(errorMessage(new ApiError(401, json({ message: "Unauthorized" })))).toBe(
      "You are signed out. Log in again to continue.",
    );
  });

  it("gives the API's message, or words of its own when there is none", () => {
    expect(errorMessage(new ApiError(409, json({ message: "Already taken" })))).toBe(
      "Already taken",
    );
    expect(errorMessage(new ApiError(403, json({})))).toBe("This area is for agency staff only.");
    expect(errorMessage(new ApiError(500, "", "Internal Server Error"))).toBe(
      "Internal Server Error",
    );
    expect(errorMessage(new ApiError(502, "Bad gateway"))).toBe("Bad gateway");
    expect(errorMessage(new ApiError(500, json({})))).toBe(
      "Something went wrong. Please try again.",
    );
  });
});

describe("showServerErrors", () => {
  function collect(error: unknown, fields: string[], rename?: Record<string, string>) {
    const set: Record<string, { message?: string; focus?: boolean }> = {};
    showServerErrors<Record<string, string>>(
      error,
      (name, value, options) =>
        (set[name] = { message: value.message, focus: options?.shouldFocus }),
      fields,
      rename,
    );
    return set;
  }

  it("puts each field's message on it, focusing the first", () => {
    const error = new ApiError(
      400,
      json({
        message: "Check the fields",
        errors: { plan: "Too short", monthlyCostCents: "Too big" },
      }),
    );
    expect(collect(error, ["plan", "monthlyCost"], { monthlyCostCents: "monthlyCost" })).toEqual({
      plan: { message: "Too short", focus: true },
      monthlyCost: { message: "Too big", focus: false },
    });
  });

  it("puts a message on a field inside a list, by the form's name for it", () => {
    const error = new ApiError(
      400,
      json({ message: "Check the fields", errors: { "lines.1.unitPriceCents": "Too big" } }),
    );
    expect(collect(error, ["companyId", "lines"], { unitPriceCents: "price" })).toEqual({
      "lines.1.price": { message: "Too big", focus: true },
    });
  });

  it("makes anything else the form's own error", () => {
    expect(collect(new ApiError(409, json({ message: "Already there" })), ["plan"])).toEqual({
      "root.server": { message: "Already there", focus: undefined },
    });
    expect(collect(new ApiError(400, json({ errors: { other: "No" } })), ["plan"])).toEqual({
      "root.server": { message: "Something went wrong. Please try again.", focus: undefined },
    });
  });
});

describe("formFailure", () => {
  it("gives the server's refusal, or says fields need attention while any has an error", () => {
    expect(formFailure({})).toBeUndefined();
    expect(formFailure({ title: { type: "custom", message: "Too short" } })).toBe(
      "Some fields need your attention.",
    );
    expect(formFailure({ root: { server: { type: "server", message: "Already sent" } } })).toBe(
      "Already sent",
    );
  });
});
