/**
 * Plain code-unit order, as a sort comparator: the database's order for host names, time order
 * for ISO times, and the same on every machine (localeCompare is not), so a hash of sorted keys
 * stays the same. One copy, so every such sort agrees.
 */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
