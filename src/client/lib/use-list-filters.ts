import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import type { FilterKind, ListAddress, ListFilters } from "@shared/deep-links";

/**
 * A back-office list's filters, read from its address (shared/deep-links.ts), and a way to
 * change them there, so a reload, a link or Back keeps them. A changed filter starts again at
 * the first page; what is typed in a search box replaces the history entry rather than adding
 * one per pause in typing.
 */
export function useListFilters<S extends Record<string, FilterKind>>(
  address: ListAddress<S>,
): [ListFilters<S>, (changes: Partial<ListFilters<S>>) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => address.parse(search), [address, search]);
  const update = useCallback(
    (changes: Partial<ListFilters<S>>) => {
      const next: Partial<ListFilters<S>> = { ...filters, ...changes };
      if (!("page" in changes)) delete next.page;
      navigate(address.path(next), { replace: "q" in changes });
    },
    [address, filters, navigate],
  );
  return [filters, update];
}

/** The value if it is one of `values`, else undefined (no filter). */
export const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  values.find((v) => v === value);
