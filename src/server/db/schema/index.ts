/**
 * The database's tables, one file per noun; imported as `db/schema` by the app and by
 * drizzle-kit, which generates the migrations from what this exports.
 */
export * from "./auth";
export * from "./api-tokens";
export * from "./clients";
export * from "./websites";
export * from "./monitoring";
export * from "./heartbeats";
export * from "./analytics";
export * from "./goals";
export * from "./usage";
export * from "./domains";
export * from "./tickets";
export * from "./emails";
export * from "./notices";
export * from "./billing";
export * from "./proposals";
export * from "./projects";
export * from "./audit";
export * from "./status-pages";
export * from "./maintenance";
export * from "./hours";
export * from "./share-links";
export * from "./vitals";
export * from "./reports";
export * from "./bookings";
export * from "./webhooks";
