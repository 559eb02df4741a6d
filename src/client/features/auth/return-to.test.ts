import { describe, expect, it } from "vitest";
import { signInError } from "./messages";
import { loginHref } from "./return-to";

describe("loginHref", () => {
  it("builds the sign-in address that comes back", () => {
    expect(loginHref("/dashboard")).toBe("/api/login?returnTo=%2Fdashboard");
    expect(loginHref(undefined)).toBe("/api/login");
  });
});

describe("signInError", () => {
  it("explains a used or expired link in the agreed words", () => {
    expect(signInError("link-invalid").body).toBe(
      "That sign-in link has expired or was already used. Ask for a new one below.",
    );
  });

  it("has words for any code", () => {
    expect(signInError("something-new").body).toMatch(/try again/);
  });
});
