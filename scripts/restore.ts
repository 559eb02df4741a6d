/**
 * `npm run restore -- FILE`: restores a backup into the database the server would use
 * (DATABASE_URL, else the embedded one in DATA_DIR), which must be empty. All or nothing: a
 * damaged file, one from a newer schema or a target with rows is refused, with nothing changed.
 */
import { restore } from "../src/server/backup/backup";
import { runCommand } from "../src/server/backup/command";
import { BackupRefusal } from "../src/server/backup/refusal";
import { openDatabase } from "../src/server/db/client";

await runCommand("The restore", async (config) => {
  const file = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  if (!file) throw new BackupRefusal("Name the backup file: npm run restore -- FILE");
  const say = (line: string) => console.log(line);
  if (config.databaseUrl) {
    await restore({ url: config.databaseUrl }, file, say);
    return;
  }
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    await restore({ database }, file, say);
  } finally {
    await database.close();
  }
});
