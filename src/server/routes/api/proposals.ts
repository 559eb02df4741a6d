import type { RoutePlugin } from "./common";

/** proposals: routes for clients and staff (filled in below). */
export const proposalRoutes: RoutePlugin = async () => {};
