import { useEffect } from "react";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Toaster } from "./toaster";
import { toast } from "./use-toast";

afterEach(cleanup);

/** Raises a toast from its first effect, as a page does that finds its visitor signed out. */
function RaisesOnMount() {
  useEffect(() => {
    toast({ title: "Unauthorized", description: "You are logged out. Logging in again..." });
  }, []);
  return null;
}

describe("Toaster", () => {
  it("shows a toast raised before it had subscribed to the toasts", async () => {
    // The page's effect runs before the toaster's own: the toast is raised in between.
    await act(async () => {
      render(
        <>
          <RaisesOnMount />
          <Toaster />
        </>,
      );
    });
    expect(await screen.findByText("Unauthorized")).toBeTruthy();
    expect(screen.getByText("You are logged out. Logging in again...")).toBeTruthy();
  });
});
