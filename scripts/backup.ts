/**
 * `npm run backup -- --out FILE`: a consistent backup of the database the server would use
 * (DATABASE_URL: pg_dump's custom format; else the embedded one in DATA_DIR: its own dump).
 * The embedded database is one process's: stop the server first. See docs/deploy.md.
 */
import { backUp } from "../src/server/backup/backup";
import { flagValue, openExistingEmbedded, runCommand } from "../src/server/backup/command";
import { BackupRefusal } from "../src/server/backup/refusal";

await runCommand("The backup", async (config) => {
  const out = flagValue(process.argv.slice(2), "--out");
  if (!out) throw new BackupRefusal("Name the backup file: npm run backup -- --out FILE");
  const say = (line: string) => console.log(line);
  if (config.databaseUrl) {
    await backUp({ url: config.databaseUrl }, out, say, config.s3);
    return;
  }
  const database = await openExistingEmbedded(config.dataDir);
  try {
    await backUp({ database }, out, say, config.s3);
  } finally {
    await database.close();
  }
});
