import cluster from "node:cluster";
import { ConfigError, loadConfig, type Config } from "./config";

/**
 * Process entry: settings, then one server (serve.ts), or with WEB_CONCURRENCY above 1 the
 * processes that each run one (processes.ts). Each part is imported only where it runs, so the
 * process that starts the others loads no server code.
 */
let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

if (config.processes > 1 && cluster.isPrimary) {
  const { runServerProcesses } = await import("./processes");
  runServerProcesses(config);
} else {
  // The database opens (embedded: PGlite's WebAssembly compiles) while the server's code loads.
  const [{ serve }, database] = await Promise.all([
    import("./serve"),
    import("./serving-database").then(({ openServingDatabase }) => openServingDatabase(config)),
  ]);
  await serve(config, database);
}
