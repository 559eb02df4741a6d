/**
 * `npm run restore -- FILE`: restores a backup into the database the server would use
 * (DATABASE_URL, else the embedded one in DATA_DIR), which must be empty. All or nothing: a
 * damaged file, one from a newer schema or a target with rows is refused, with nothing changed.
 */
import { restore } from "../src/server/backup/backup";
import { runCommand } from "../src/server/backup/command";
import { BackupRefusal } from "../src/server/backup/refusal";

await runCommand("The restore", async (config) => {
  const file = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  if (!file) throw new BackupRefusal("Name the backup file: npm run restore -- FILE");
  const say = (line: string) => console.log(line);
  await restore(
    config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir },
    file,
    say,
  );
});
