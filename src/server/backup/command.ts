import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig, type Config } from "../config";
import { openDatabase, type Database } from "../db/client";
import { BackupRefusal } from "./refusal";

/**
 * Runs one of the operator's commands (backup, restore, db:move): its refusals are printed as
 * they are worded, anything else as a failure, and either sets exit code 1.
 */
export async function runCommand(name: string, work: (config: Config) => Promise<void>) {
  try {
    await work(loadConfig());
  } catch (error) {
    console.error(
      error instanceof BackupRefusal ? error.message : `${name} failed: ${causeOf(error).message}`,
    );
    process.exitCode = 1;
  }
}

/** The embedded database in DATA_DIR, which must exist (a backup or move never makes one). */
export async function openExistingEmbedded(dataDir: string): Promise<Database> {
  if (!existsSync(path.join(dataDir, "pglite"))) {
    throw new BackupRefusal(
      `There is no embedded database in ${path.resolve(dataDir)}: set DATA_DIR to the folder the server uses.`,
    );
  }
  return openDatabase({ dataDir });
}

/** The value after a flag (--out FILE or --out=FILE), or undefined. */
export function flagValue(args: string[], flag: string): string | undefined {
  const index = args.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (index < 0) return undefined;
  const arg = args[index]!;
  return arg.includes("=") ? arg.slice(flag.length + 1) : args[index + 1];
}

/** A failed query's own error (Drizzle wraps it in one that prints the whole query). */
function causeOf(error: unknown): Error {
  const { cause } = error as { cause?: unknown };
  return cause instanceof Error ? causeOf(cause) : (error as Error);
}
