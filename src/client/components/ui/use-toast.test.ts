import { describe, expect, it } from "vitest";
import { reducer, TOAST_LIMIT, TOAST_REMOVE_DELAY } from "./use-toast";

const make = (id: string) => ({ id, title: `Toast ${id}`, open: true });

describe("use-toast reducer", () => {
  it("uses the seed's constants", () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_REMOVE_DELAY).toBe(1000000);
  });

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
