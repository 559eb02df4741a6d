/**
 * The history `npm run bench:reports` makes its reports from, seeded with a few set-based SQL
 * statements (generate_series) on one connection: care clients, each with an owner, an active
 * hosting or maintenance plan that started a year ago, 1 to 3 live sites, a year of daily check
 * roll-ups (hourly ones for the last 35 days), incidents, daily page view roll-ups and
 * the raw page views of the two months the report reads, heartbeats and their misses, a domain,
 * tickets, time entries, monthly invoices and their payments, a project for one client in five,
 * and the archive's reports of the months before the one the benchmark makes.
 */
import pg from "pg";
import { addMonthsTo } from "../../src/shared/work-time";

export type SeedOptions = {
  clients: number;
  /** The month whose reports the benchmark makes (YYYY-MM); the history ends today. */
  month: string;
  /** Page views per site and day, on average, in the two months the report reads. */
  viewsPerDay: number;
  /** Days of hourly check roll-ups (default 35: what the reports read). */
  hourlyDays?: number;
  /** Tickets per client over the year (default 48: four a month). */
  ticketsPerClient?: number;
};

export type SeedCounts = Record<string, number>;

/** Seeds the history; answers each table's row count and how long it took. */
export async function seedHistory(url: string, options: SeedOptions) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const steps: { what: string; seconds: number }[] = [];
  const run = async (text: string, params: unknown[] = []) => {
    const at = performance.now();
    const result = await client.query(text, params);
    const what = text.match(/^\s*(insert into \w+|create temp table \w+|\w+)/)![1]!;
    steps.push({ what, seconds: (performance.now() - at) / 1000 });
    return result;
  };
  try {
    await run("set synchronous_commit = off");
    const today = new Date().toISOString().slice(0, 10);
    // A year of history: the plan started on the first of the month a year before today's.
    const yearStart = `${addMonthsTo(today.slice(0, 7), -12)}-01`;
    const reportFirst = `${options.month}-01`;
    const monthBefore = `${addMonthsTo(options.month, -1)}-01`;

    await run(
      `create temp table bc as
       select n, gen_random_uuid() as company_id, gen_random_uuid() as user_id,
              gen_random_uuid() as plan_id
       from generate_series(1, $1::int) n`,
      [options.clients],
    );
    await run(`create temp table staff as select gen_random_uuid() as user_id`);
    await run(`insert into users (id, email, first_name, last_name, is_admin)
               select user_id, 'staff@harborline.example', 'Sam', 'Staff', true from staff`);
    await run(`insert into companies (id, name, billing_address)
               select company_id, 'Client ' || lpad(n::text, 4, '0') || ' Bakery',
                      n || ' Harbor Way, Gig Harbor, WA 98335' from bc`);
    await run(`insert into users (id, email, first_name, last_name)
               select user_id, 'owner' || n || '@client' || n || '.example', 'Owner', 'No. ' || n
               from bc`);
    await run(`insert into company_members (company_id, user_id, role)
               select company_id, user_id, 'owner' from bc`);
    await run(
      `insert into recurring_plans (id, company_id, name, amount_cents, billing_day, starts_on)
       select plan_id, company_id,
              case when n % 2 = 0 then 'Basic Care' else 'Starter Hosting' end,
              case when n % 2 = 0 then 40000 else 2500 end, 1, $1::date from bc`,
      [yearStart],
    );

    // Sites: 1 to 3 per client. The monitor has checked them (their next check is far off, so
    // the benchmark's monitor only checks its own local sites).
    await run(`create temp table bs as
               select bc.n, bc.company_id, s, gen_random_uuid() as website_id
               from bc, generate_series(1, 1 + bc.n % 3) s`);
    await run(`insert into websites (id, company_id, domain, plan, status, check_url, vitals_enabled)
               select website_id, company_id, 'site' || s || '.client' || n || '.example',
                      'Business', 'active', 'https://site' || s || '.client' || n || '.example/',
                      n % 2 = 0
               from bs`);
    await run(`insert into site_monitors
                 (website_id, next_check_at, status, last_checked_at, last_status_code,
                  last_response_ms, cert_expires_at)
               select website_id, now() + interval '1 year', 'up', now(), 200, 180,
                      now() + ((n * 7 + s) % 120) * interval '1 day'
               from bs`);

    // Check roll-ups: a check a minute, mostly up; hourly ones for 35 days (the sites' 30-day
    // uptime reads them; they are kept 90, but the older ones are never read by a report).
    await run(
      `insert into monitor_rollups
         (website_id, granularity, period_start, checks, up, response_ms_sum, maintenance)
       select website_id, 'day', d, 1440, up, up * (150 + (random() * 300)::int),
              case when random() < 0.03 then 30 else 0 end
       from bs, generate_series($1::timestamptz, $2::timestamptz, interval '1 day') d,
            lateral (select 1440 - case when random() < 0.05 then (random() * 60)::int else 0 end
                     as up) u`,
      [`${yearStart}T00:00:00Z`, `${today}T00:00:00Z`],
    );
    await run(
      `insert into monitor_rollups
         (website_id, granularity, period_start, checks, up, response_ms_sum, maintenance)
       select website_id, 'hour', h, 60, 60, 60 * (150 + (random() * 300)::int), 0
       from bs, generate_series(date_trunc('hour', now()) - $1::int * interval '1 day',
                                date_trunc('hour', now()), interval '1 hour') h`,
      [options.hourlyDays ?? 35],
    );
    // About two incidents per site and month, each closed within two hours.
    await run(
      `insert into monitor_incidents (website_id, cause, detail, started_at, ended_at, alerted_at)
       select website_id, (array['timeout','http','refused','tls','dns'])[1 + (i % 5)],
              'The check failed', t, t + random() * interval '2 hours', t + interval '2 minutes'
       from bs, generate_series(1, 24) i,
            lateral (select $1::timestamptz + random() * ($2::timestamptz - $1::timestamptz) as t
                     where i > 0) st`,
      [`${yearStart}T00:00:00Z`, `${today}T00:00:00Z`],
    );
    // A heartbeat on one site in ten, missed about once a month.
    await run(`create temp table bh as
               select website_id, gen_random_uuid() as heartbeat_id from bs
               where s = 1 and n % 10 = 0`);
    await run(`insert into heartbeats
                 (id, website_id, name, period_seconds, grace_seconds, token_hash, next_due_at,
                  state, last_beat_at)
               select heartbeat_id, website_id, 'Nightly backup', 86400, 3600,
                      md5(heartbeat_id::text) || md5(website_id::text),
                      now() + interval '1 year', 'up', now() from bh`);
    await run(
      `insert into monitor_incidents
         (website_id, heartbeat_id, cause, detail, started_at, ended_at, alerted_at)
       select website_id, heartbeat_id, 'heartbeat', 'No beat', t, t + interval '1 day', t
       from bh, generate_series(1, 12) i,
            lateral (select $1::timestamptz + random() * ($2::timestamptz - $1::timestamptz) as t
                     where i > 0) st`,
      [`${yearStart}T00:00:00Z`, `${today}T00:00:00Z`],
    );

    // Visitors: a year of daily roll-ups; raw page views for the report's month and the one before.
    await run(
      `insert into page_view_days (website_id, day, views, visitors)
       select website_id, d, v, greatest(1, v * 6 / 10)
       from bs, generate_series($1::date, $2::date - 1, interval '1 day') d,
            lateral (select (5 + (n * 13 + s) % ($3::int * 2 - 5)) as v where d is not null) x`,
      [yearStart, today, options.viewsPerDay],
    );
    await run(
      `insert into page_views (website_id, occurred_at, day, visitor_hash, path, referrer_host, device,
                               country)
       select website_id, day + (random() * interval '1 day'), day,
              md5(website_id::text || day || (i * 6 / 10)),
              (array['/','/menu','/about','/contact','/blog/autumn','/catering','/locations'])
                [1 + (random() * 6)::int],
              (array[null,'www.google.com','www.bing.com','facebook.com','instagram.com'])
                [1 + (random() * 4)::int],
              (array['mobile','desktop','tablet'])[1 + (random() * 2)::int],
              'US'
       from page_view_days p join bs using (website_id), generate_series(1, p.views) i
       where p.day >= $1::date and p.day < ($2::date + interval '1 month')`,
      [monthBefore, reportFirst],
    );

    await run(`insert into domains (company_id, domain, auto_renew, expires_at)
               select company_id, 'client' || n || '.example', n % 4 <> 0,
                      now() + (n % 400) * interval '1 day' from bc`);

    // Four tickets a month (by default), answered within 12 hours, mostly resolved.
    await run(
      `insert into support_tickets
         (user_id, company_id, subject, status, priority, created_at, updated_at,
          first_response_due_at, first_responded_at)
       select user_id, company_id, 'Ticket ' || i, case when t > now() - interval '5 days'
              then 'open' else 'resolved' end,
              (array['low','medium','high','urgent'])[1 + i % 4], t,
              least(now(), t + random() * interval '3 days'), t + interval '8 hours',
              t + random() * interval '12 hours'
       from bc, generate_series(1, $2::int) i,
            lateral (select $1::timestamptz + random() * (now() - $1::timestamptz) as t
                     where i > 0) st`,
      [`${yearStart}T00:00:00Z`, options.ticketsPerClient ?? 48],
    );
    // Six time entries a month.
    await run(
      `insert into time_entries (company_id, user_id, work_date, minutes, note, created_at)
       select company_id, (select user_id from staff), d, 15 + (random() * 165)::int,
              'Updated plugins, checked the backups and answered a question', d
       from bc, generate_series(1, 72) i,
            lateral (select ($1::date + (random() * ($2::date - $1::date))::int) as d
                     where i > 0) st`,
      [yearStart, today],
    );

    // Each month's plan invoice, paid by card three days after; the last one still open.
    await run(
      `insert into invoices
         (company_id, number, status, source, recurring_plan_id, period_start, period_end, lines,
          subtotal_cents, tax_cents, total_cents, paid_cents, issue_date, due_date, paid_at)
       select company_id, 'HL-' || lpad(n::text, 4, '0') || '-' || to_char(m, 'YYMM'),
              case when m < date_trunc('month', now()) then 'paid' else 'open' end,
              'recurring', plan_id, m, m + interval '1 month' - interval '1 day',
              jsonb_build_array(jsonb_build_object('description', 'Care plan', 'quantity', 1,
                'unitPriceCents', a, 'amountCents', a)),
              a, 0, a, case when m < date_trunc('month', now()) then a else 0 end,
              m, m + interval '14 days',
              case when m < date_trunc('month', now()) then m + interval '3 days' end
       from bc, generate_series($1::date, now(), interval '1 month') m,
            lateral (select case when n % 2 = 0 then 40000 else 2500 end as a) amount`,
      [yearStart],
    );
    await run(`insert into payments (invoice_id, company_id, amount_cents, method, paid_on, reference)
               select id, company_id, total_cents, 'card', (paid_at at time zone 'UTC')::date,
                      'ch_' || replace(id::text, '-', '')
               from invoices where status = 'paid'`);

    // A project for one client in five: four milestones, a few updates.
    await run(`create temp table bp as
               select company_id, gen_random_uuid() as project_id, n from bc where n % 5 = 0`);
    await run(`insert into projects (id, company_id, name, status)
               select project_id, company_id, 'New website', 'active' from bp`);
    await run(
      `insert into project_milestones (project_id, position, name, status, updated_at)
       select project_id, p, (array['Discovery','Design','Build','Launch'])[p],
              case when p <= 2 then 'done' else 'upcoming' end,
              $1::timestamptz + random() * (now() - $1::timestamptz)
       from bp, generate_series(1, 4) p`,
      [`${yearStart}T00:00:00Z`],
    );
    await run(
      `insert into project_updates (project_id, author_id, body, created_at)
       select project_id, (select user_id from staff), 'The pages are taking shape.',
              $1::timestamptz + random() * (now() - $1::timestamptz)
       from bp, generate_series(1, 8) i where i > 0`,
      [`${yearStart}T00:00:00Z`],
    );

    // The archive: every month before the benchmark's already has its report.
    await run(
      `insert into monthly_reports (company_id, month, data, emailed_at, created_at)
       select company_id, to_char(m, 'YYYY-MM'), '{}'::jsonb, m + interval '1 month',
              m + interval '1 month'
       from bc, generate_series($1::date, $2::date - interval '1 month', interval '1 month') m`,
      [yearStart, reportFirst],
    );
    await run("analyze");

    const counts: SeedCounts = {};
    for (const table of [
      "companies",
      "websites",
      "monitor_rollups",
      "monitor_incidents",
      "page_view_days",
      "page_views",
      "support_tickets",
      "time_entries",
      "invoices",
      "payments",
      "monthly_reports",
    ]) {
      counts[table] = Number((await run(`select count(*) as n from ${table}`)).rows[0].n);
    }
    const slowest = steps.sort((a, b) => b.seconds - a.seconds).slice(0, 4);
    return { counts, slowest, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
