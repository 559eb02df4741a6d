import { useEffect } from "react";
import { act, cleanup, render, screen, within } from "@testing-library/react";
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
    // The notifications region (F8 moves focus there) holds one open toast: its title, its
    // description and a way to close it.
    const region = await screen.findByRole("region", { name: "Notifications (F8)" });
    const toasts = within(region).getAllByRole("listitem");
    expect(toasts).toHaveLength(1);
    const [shown] = toasts;
    expect(shown?.getAttribute("data-state")).toBe("open");
    expect(shown?.textContent).toBe("UnauthorizedYou are logged out. Logging in again...");
    expect(within(shown!).getByRole("button", { name: "Close" })).toBeInstanceOf(HTMLButtonElement);
  });
});
