import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useState,
  type ReactNode,
} from "react";
import { navigate } from "wouter/use-browser-location";

/** Where the browser is, as the routes read it. */
interface Place {
  path: string;
  search: string;
}

const PlaceContext = createContext<Place>({ path: "/", search: "" });

/** The events wouter dispatches (it patches pushState and replaceState) and the browser's own. */
const LOCATION_EVENTS = ["popstate", "pushState", "replaceState", "hashchange"];

const browserPlace = (): Place => ({ path: location.pathname, search: location.search });

/**
 * The address for the routes below it, changed in a transition. wouter's own hooks read the
 * address through useSyncExternalStore, whose changes React renders at once even inside a
 * transition, so a click that moved to another view waited for the whole view before its next
 * paint. Here a navigation renders as a transition: the click paints first, the new view is
 * rendered in slices between the browser's other work, and a view whose code is still on its way
 * keeps the old one on screen instead of a loading state. `ssrPath` is the prerender's address.
 */
export function TransitionLocation({
  ssrPath,
  children,
}: {
  ssrPath?: string | undefined;
  children: ReactNode;
}) {
  const [place, setPlace] = useState<Place>(() => {
    if (ssrPath === undefined && typeof location !== "undefined") return browserPlace();
    const [path = "/", search = ""] = (ssrPath ?? "/").split("?");
    return { path, search };
  });
  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setPlace((current) => {
          const next = browserPlace();
          return next.path === current.path && next.search === current.search ? current : next;
        }),
      );
    LOCATION_EVENTS.forEach((event) => addEventListener(event, update));
    update();
    return () => LOCATION_EVENTS.forEach((event) => removeEventListener(event, update));
  }, []);
  return <PlaceContext.Provider value={place}>{children}</PlaceContext.Provider>;
}

/** wouter's `hook` for the Router under TransitionLocation: the path, and how to navigate. */
export const useTransitionPath = (): [string, typeof navigate] => [
  useContext(PlaceContext).path,
  navigate,
];

/** wouter's `searchHook` for the Router under TransitionLocation: the query string. */
export const useTransitionSearch = (): string => useContext(PlaceContext).search;
