import { describe, expect, it } from "vitest";
import { signInError } from "./messages";

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
