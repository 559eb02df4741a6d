import { useLayoutEffect, useState } from "react";

/**
 * The server sets this readable cookie beside the (unreadable) session cookie while a session
 * exists, so a visitor who never signed in is known to be signed out without asking the server,
 * and without downloading the code that asks.
 */
const SIGNED_IN_MARKER = "harborline.signed_in=1";

/**
 * true / false in the browser; null on the server (not known there) and in the first render,
 * which must match the prerendered HTML whether React or the header's Preact island hydrates
 * it. Read before the browser paints, so a page rendered in the browser never shows the gap.
 */
export function useMaybeSignedIn(): boolean | null {
  const [hydrated, setHydrated] = useState(false);
  // Two renders on purpose: the first must equal the prerendered HTML. (useSyncExternalStore's
  // server snapshot would do it in React, but Preact's ignores it.) After it, every render reads
  // the cookie, so the header follows a sign-in or sign-out made without a page load.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated ? document.cookie.split("; ").includes(SIGNED_IN_MARKER) : null;
}
