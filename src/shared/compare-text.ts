/**
 * Plain code-unit order, as a sort comparator: ISO times sort in time order, and the order is the
 * same on every machine (localeCompare's depends on the locale), so a hash of sorted keys stays
 * the same. One copy, so every such sort agrees.
 */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
