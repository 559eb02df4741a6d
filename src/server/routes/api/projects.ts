import type { RoutePlugin } from "./common";

/** projects: routes for clients and staff (filled in below). */
export const projectRoutes: RoutePlugin = async () => {};
