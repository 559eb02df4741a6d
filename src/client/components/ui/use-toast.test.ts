import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { reducer, toast, useToast } from "./use-toast";

const make = (id: string) => ({ id, title: `Toast ${id}`, open: true });

describe("use-toast reducer", () => {
  it("keeps only the newest toast", () => {
    let state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: make("1") });
    state = reducer(state, { type: "ADD_TOAST", toast: make("2") });
    expect(state.toasts.map((t) => t.id)).toEqual(["2"]);
  });

  it("closes a dismissed toast and removes it on REMOVE_TOAST", () => {
    let state = reducer({ toasts: [] }, { type: "ADD_TOAST", toast: make("3") });
    state = reducer(state, { type: "DISMISS_TOAST", toastId: "3" });
    expect(state.toasts[0]?.open).toBe(false);
    state = reducer(state, { type: "REMOVE_TOAST", toastId: "3" });
    expect(state.toasts).toEqual([]);
  });
});

describe("toast", () => {
  afterEach(() => vi.useRealTimers());

  it("keeps a dismissed toast, closed, for 1,000,000 ms, then forgets it", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    let raised: ReturnType<typeof toast> | undefined;
    act(() => {
      raised = toast({ title: "Saved" });
    });
    act(() => raised?.dismiss());
    const shown = () => result.current.toasts.find((t) => t.id === raised?.id);
    expect(shown()).toMatchObject({ title: "Saved", open: false });

    act(() => vi.advanceTimersByTime(999_999));
    expect(shown()).toBeDefined();
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toBeUndefined();
  });
});
