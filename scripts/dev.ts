/**
 * `npm run dev`: the API server restarted on change (tsx watch) and Vite's dev server with hot
 * reload, which forwards /api to the API server. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from "node:child_process";

const bin = (name: string) => `node_modules/.bin/${name}`;
const children: ChildProcess[] = [
  spawn(bin("tsx"), ["watch", "--clear-screen=false", "src/server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "development" },
  }),
  spawn(bin("vite"), ["--host", "127.0.0.1", "--port", "5173"], { stdio: "inherit" }),
];

let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  process.exitCode = code;
};
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
