/**
 * Loaded into the server by `npm run bench:scale` (node --import): while QUERY_LOG names a file,
 * SIGUSR2 turns on and off writing each query's text, values and time to it, one JSON line per
 * query, so the bench can explain the slowest query of one request without guessing its SQL.
 */
import { appendFileSync } from "node:fs";
import pg from "pg";

const file = process.env.QUERY_LOG;
if (file) {
  let on = false;
  process.on("SIGUSR2", () => (on = !on));
  /** @type {any} The client's query, every overload of it. */
  const prototype = pg.Client.prototype;
  const query = prototype.query;
  /** @type {(config: any, values: any, callback: any) => any} */
  prototype.query = function (config, values, callback) {
    const result = query.call(this, config, values, callback);
    if (!on || typeof result?.then !== "function") return result;
    const text = typeof config === "string" ? config : config.text;
    const params = (typeof config === "object" && config.values) || values;
    const started = performance.now();
    void result.then(
      () =>
        appendFileSync(
          file,
          JSON.stringify({ ms: performance.now() - started, text, params }) + "\n",
        ),
      () => {},
    );
    return result;
  };
}
