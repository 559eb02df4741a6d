/**
 * Says, before the server tests run, whether the PostgreSQL-only suites (two instances sending
 * each email once, a database outage, the 50,000-lead export, ...) will run or be skipped: a skip
 * must show in the output. In CI they must run, so a missing TEST_DATABASE_URL fails the run.
 */
export default function announceDatabases() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const { host, pathname } = new URL(url);
    console.log(`Database tests: PGlite, and PostgreSQL at ${host} (beside ${pathname.slice(1)})`);
    return;
  }
  if (process.env.CI) {
    throw new Error("CI runs the PostgreSQL tests: set TEST_DATABASE_URL (see .ci/run)");
  }
  console.log(
    "Database tests: PGlite only. SKIPPED: the PostgreSQL-only suites (set TEST_DATABASE_URL)",
  );
}
