import {
  act,
  cleanup,
  fireEvent,
  render,
  renderHook,
  screen,
  within,
} from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "./toaster";
import { toast, useToast } from "./use-toast";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The toasts on the page, as "title:state", in the notifications region (F8 moves focus there). */
function shown() {
  const region = screen.getByRole("region", { name: "Notifications (F8)" });
  return within(region)
    .queryAllByRole("listitem")
    .map((item) => `${item.textContent}:${item.getAttribute("data-state")}`);
}

describe("toasts, as the page shows them", () => {
  it("shows one toast at a time: a newer one takes the place of the one shown", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Saved" }));
    expect(shown()).toEqual(["Saved:open"]);
    act(() => void toast({ title: "Sent" }));
    expect(shown()).toEqual(["Sent:open"]);
  });

  it("closes a toast when its Close button is pressed, or when it is dismissed", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Invoice issued" }));
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    fireEvent.click(within(region).getByRole("button", { name: "Close" }));
    expect(shown()).toEqual([]);

    let raised: ReturnType<typeof toast> | undefined;
    act(() => void (raised = toast({ title: "Reply sent" })));
    expect(shown()).toEqual(["Reply sent:open"]);
    act(() => raised?.dismiss());
    expect(shown()).toEqual([]);
  });

  it("closes a toast on its own after five seconds", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Copied" }));
    act(() => vi.advanceTimersByTime(4_999));
    expect(shown()).toEqual(["Copied:open"]);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual([]);
  });

  it("keeps a dismissed toast, closed, for 1,000,000 ms for whoever reads the toasts, then forgets it", () => {
    const { result } = renderHook(() => useToast());
    let raised: ReturnType<typeof toast> | undefined;
    act(() => void (raised = toast({ title: "Saved" })));
    act(() => raised?.dismiss());
    const kept = () => result.current.toasts.find((t) => t.id === raised?.id);
    expect(kept()).toMatchObject({ title: "Saved", open: false });

    act(() => vi.advanceTimersByTime(999_999));
    expect(kept()).toBeDefined();
    act(() => vi.advanceTimersByTime(1));
    expect(kept()).toBeUndefined();
  });
});
