import { availableParallelism } from "node:os";
import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default mergeConfig(
  viteConfig,
  defineConfig({
    root: ".",
    test: {
      // Two test files at a time even on two cores: most of a server test's time is spent
      // waiting (on the database, a child server, a timer), so one file per core left them idle.
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            name: "server",
            root: ".",
            environment: "node",
            include: ["src/server/**/*.test.ts", "src/shared/**/*.test.ts"],
            globalSetup: ["tests/support/global-setup.ts"],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: "repo",
            root: ".",
            environment: "node",
            include: ["tests/lint/**/*.test.ts", "scripts/**/*.test.ts"],
            testTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: "client",
            root: ".",
            environment: "happy-dom",
            include: ["src/client/**/*.test.{ts,tsx}", "src/content/**/*.test.ts"],
          },
        },
      ],
    },
  }),
);
