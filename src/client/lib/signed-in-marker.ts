import { useSyncExternalStore } from "react";

/**
 * The server sets this readable cookie beside the (unreadable) session cookie while a session
 * exists, so a visitor who never signed in is known to be signed out without asking the server,
 * and without downloading the code that asks.
 */
const SIGNED_IN_MARKER = "harborline.signed_in=1";

const noSubscription = () => () => {};

/** true / false in the browser; null while rendering on the server (not known there). */
export function useMaybeSignedIn(): boolean | null {
  return useSyncExternalStore(
    noSubscription,
    () => document.cookie.split("; ").includes(SIGNED_IN_MARKER),
    () => null,
  );
}
