import { openDatabase } from "/work/wt-backup/src/server/db/client";
import { seedDemoData } from "/work/wt-backup/src/server/demo/seed";
const d = await openDatabase({ dataDir: process.argv[2] });
await seedDemoData(d.db);
await d.close();
