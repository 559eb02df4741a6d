/**
 * The environment variable that tells a server process its place among WEB_CONCURRENCY's (0, 1,
 * ...). A process started again after one stopped takes the same place, so its figures carry the
 * same `process` label. Kept apart from the figures, so the process that starts the others reads
 * it without loading prom-client.
 */
export const PROCESS_SLOT = "HARBORLINE_PROCESS_SLOT";

/** This process's label: its place among the server processes, "0" when it runs alone. */
export const processLabel = (env: NodeJS.ProcessEnv = process.env) => env[PROCESS_SLOT] ?? "0";
