import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/**
 * The real process entry, for tests and scripts: the built bundle `dist/server/main.js` as
 * `npm start` runs it (benchmarks, browser journeys: `npm run build` or Playwright's web server
 * has built it), or `src/server/main.ts` from the sources (unit tests, which must test the
 * code as it is now, built or not), or `npm start` itself, as a person types it (the start-up
 * benchmark: npm, the build check, then the server).
 */
export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  output(): string;
  exit: Promise<number>;
  stop(): Promise<number>;
};

/**
 * A port nothing listens on: any the system gives, or with TEST_PORT_RANGE (`4800-4819`) one of
 * those, taken in turn, so that test runs side by side on one machine keep to their own ports.
 */
export async function freePort(): Promise<number> {
  const range = /^(\d+)-(\d+)$/.exec(process.env.TEST_PORT_RANGE ?? "");
  if (!range) return listenAndRelease(0);
  const [first, last] = [Number(range[1]), Number(range[2])];
  for (let tries = 0; tries <= last - first; tries++) {
    const port = first + (nextInRange++ % (last - first + 1));
    try {
      return await listenAndRelease(port);
    } catch {
      // In use: the next one.
    }
  }
  throw new Error(`TEST_PORT_RANGE: no free port from ${first} to ${last}`);
}

// From a random place, so that test files running at once seldom pick the same port.
let nextInRange = Math.floor(Math.random() * 1000);

async function listenAndRelease(wanted: number): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(wanted, "127.0.0.1", resolve);
  });
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerEntry = "build" | "source" | "npm-start";

const commands: Record<ServerEntry, [string, string[]]> = {
  build: [process.execPath, ["dist/server/main.js"]],
  source: [process.execPath, ["--import", "tsx", "src/server/main.ts"]],
  "npm-start": ["npm", ["start", "--silent"]],
};

export function startServer(
  port: number,
  env: Record<string, string> = {},
  entry: ServerEntry = "source",
): ServerProcess {
  const [command, args] = commands[entry];
  // npm runs the server under a shell: in a process group of its own, stopping the group stops
  // all of them.
  const group = entry === "npm-start";
  const child = spawn(command, args, {
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      // No load balancer to let go first: stop at once on SIGTERM, unless a test says otherwise.
      SHUTDOWN_DELAY_SECONDS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: group,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exit = new Promise<number>((resolve) => child.on("exit", (code) => resolve(code ?? -1)));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exit,
    stop: () => {
      if (group && child.pid !== undefined && child.exitCode === null) {
        process.kill(-child.pid, "SIGTERM");
      } else {
        child.kill("SIGTERM");
      }
      return exit;
    },
  };
}

/** Waits until /readyz answers 200; throws with the server's output after timeoutMs. */
export async function waitForReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) break;
    try {
      if ((await fetch(`${server.url}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not become ready:\n${server.output()}`);
}
