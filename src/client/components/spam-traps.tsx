import { startTransition, useEffect, useRef, useState, type Ref } from "react";
import type { SpamTraps } from "@shared/schemas/leads";
import { PAGE_READY } from "@/lib/page-ready";

/*
 * The anti-spam fields the lead forms send besides the lead (see the server's spam traps):
 * `website`, a honeypot people never see, and `formStartedAt`, when the form was first shown.
 */

/** When the browser first drew the page (ms since the epoch), if it recorded it. */
function firstPaintAt(): number | undefined {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return paint ? performance.timeOrigin + paint.startTime : undefined;
}

/**
 * Tracks the spam-trap values of one form. The start time is taken in an effect (never during a
 * server render) and restarted when the form is shown again empty. A form that arrived as
 * prerendered HTML was on screen, and could be filled in, from the page's first paint, before
 * the app took it over: its time starts there.
 */
export function useSpamTraps() {
  const startedAt = useRef<number | undefined>(undefined);
  const honeypot = useRef<HTMLInputElement>(null);
  const shownBeforeApp = useRef(takesOverPrerenderedPage());
  useEffect(() => {
    startedAt.current = (shownBeforeApp.current && firstPaintAt()) || Date.now();
  }, []);
  return {
    honeypot,
    /** The values to send with the form. */
    read: (): SpamTraps => ({
      ...(honeypot.current?.value ? { website: honeypot.current.value } : {}),
      ...(startedAt.current !== undefined ? { formStartedAt: startedAt.current } : {}),
    }),
    /** After a successful send: an empty honeypot and a new start time. */
    restart: () => {
      if (honeypot.current) honeypot.current.value = "";
      startedAt.current = Date.now();
    },
  };
}

/**
 * Whether this render takes over the page's prerendered HTML: the page the visitor landed on,
 * before it is live (see lib/page-ready). Read once, on the first render; after a move within
 * the site the page is already live.
 */
function takesOverPrerenderedPage(): boolean {
  if (typeof document === "undefined" || !document.documentElement.hasAttribute(PAGE_READY)) {
    return true;
  }
  // A form page's island, hydrating the prerendered form the visitor could already fill in.
  return document.querySelector('[data-island="page"]:not([data-live])') !== null;
}

/**
 * False in the server render and while hydrating, true once the form has mounted. The forms mark
 * themselves `data-ready` with it, so a test (or a script) knows when submitting is handled.
 * The change is a transition: the form's second render comes in slices. (useSyncExternalStore
 * with a server snapshot would re-render the whole form synchronously after hydration, one
 * long task.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}

/**
 * A text field that people never see or reach (off screen, hidden from assistive technology,
 * out of the tab order); automated form fillers complete it and their sends are kept as spam.
 */
export function HoneypotField({ id, inputRef }: { id: string; inputRef: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        ref={inputRef}
        id={id}
        name={`${id}-confirm`}
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
