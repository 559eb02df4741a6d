/**
 * `npm run db:move -- --to postgres://...`: copies the embedded database (DATA_DIR) to an empty
 * PostgreSQL database: every row but the sessions, and every sequence's position. Stop the
 * server first. See docs/deploy.md, "From trial to production".
 */
import { moveToPostgres } from "../src/server/backup/backup";
import { flagValue, openExistingEmbedded, runCommand } from "../src/server/backup/command";
import { BackupRefusal } from "../src/server/backup/refusal";

await runCommand("The move", async (config) => {
  const url = flagValue(process.argv.slice(2), "--to");
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    throw new BackupRefusal(
      "Name the PostgreSQL database to move to: npm run db:move -- --to postgres://user:password@host:5432/database",
    );
  }
  const database = await openExistingEmbedded(config.dataDir);
  try {
    await moveToPostgres(database, url, (line) => console.log(line));
  } finally {
    await database.close();
  }
});
