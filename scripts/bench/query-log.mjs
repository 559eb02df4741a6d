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
  /** @type {(...args: any[]) => any} */
  prototype.query = function (...args) {
    if (!on) return query.apply(this, args);
    const [config, values] = args;
    const text = typeof config === "string" ? config : config.text;
    const params = (typeof config === "object" && config.values) || values;
    const started = performance.now();
    const log = () =>
      appendFileSync(
        file,
        JSON.stringify({ ms: performance.now() - started, text, params }) + "\n",
      );
    // pg.Pool's own query (the app's reads outside a transaction) passes a callback as the last
    // argument and gets no promise back; a transaction's queries get a promise.
    const last = args.length - 1;
    if (typeof args[last] === "function") {
      const callback = args[last];
      args[last] = (/** @type {unknown[]} */ ...results) => {
        log();
        return callback(...results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (typeof result?.then === "function") void result.then(log, () => {});
    return result;
  };
}
