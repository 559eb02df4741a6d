/**
 * What `npm run bench:scale` seeds beyond the care clients' year (reports-seed.ts): the agency's
 * leads, the tickets' threads and the one-off invoices, in set-based SQL (generate_series) on one
 * connection, so a year of an agency's data takes minutes, not hours.
 */
import pg from "pg";

export type ScaleOptions = {
  leads: number;
  /** Messages per ticket: the client's opening one and the replies after it. */
  messagesPerTicket: number;
  /** One-off (manual) invoices, beside the plans' monthly ones. */
  manualInvoices: number;
};

export async function seedAgencyYear(url: string, options: ScaleOptions) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    await client.query("set synchronous_commit = off");
    // Leads over the year, newest most often "new"; references drawn from the visitors' alphabet
    // (no 0/O, 1/I/L or U), one per row.
    await client.query(
      `insert into leads (kind, reference, name, email, status, subject, message, phone, company,
                          project_type, budget, timeline, description, created_at, updated_at)
       select k, 'HL-' || ref, f || ' ' || l, lower(f) || '.' || lower(l) || n || '@mail.example',
              (array['new','new','contacted','qualified','proposal','won','lost','spam'])
                [1 + n % 8],
              case when k = 'contact' then 'Question about ' || topic end,
              case when k = 'contact' then 'Hello, we run a small ' || topic ||
                ' business in Gig Harbor and would like to hear what a new site costs.' end,
              case when k = 'application' then '253-555-' || lpad((n % 10000)::text, 4, '0') end,
              case when k = 'application' then l || ' ' || topic end,
              case when k = 'application' then (array['new-site','redesign','ecommerce'])
                [1 + n % 3] end,
              case when k = 'application' then '5k-10k' end,
              case when k = 'application' then '1-3-months' end,
              case when k = 'application' then 'We need a ' || topic ||
                ' site with online booking and a menu that staff can edit.' end,
              t, t
       from generate_series(1, $1::int) n,
            lateral (select case when n % 3 = 0 then 'application' else 'contact' end as k,
                            (array['Avery','Jordan','Riley','Morgan','Casey','Quinn','Harper',
                                   'Rowan'])[1 + n % 8] as f,
                            (array['Smith','Nguyen','Garcia','Olsen','Baker','Hansen','Lee',
                                   'Patel','Moreno','Larsen'])[1 + (n / 8) % 10] as l,
                            (array['bakery','kayak rental','dental','marina','bookshop','brewery'])
                              [1 + (n / 80) % 6] as topic,
                            now() - (n::float / $1::int) * interval '365 days' as t,
                            (select string_agg(substr('23456789ABCDEFGHJKMNPQRSTVWXYZ',
                                     1 + (n / (30 ^ d)::int) % 30, 1), '' order by d)
                               from generate_series(0, 4) d) as ref) x`,
      [options.leads],
    );
    // Each ticket's thread: the client's message, then staff and client in turn.
    await client.query(
      `insert into ticket_messages (ticket_id, author_id, from_staff, body, created_at)
       select t.id, case when m % 2 = 0 then (select id from users where is_admin limit 1)
                         else t.user_id end,
              m % 2 = 0,
              case when m = 1 then 'The contact form on our site stopped sending. Can you look?'
                   when m % 2 = 0 then 'Thanks, I have looked into it and fixed the form.'
                   else 'It works again, thank you.' end,
              least(now(), t.created_at + (m - 1) * interval '6 hours')
       from support_tickets t, generate_series(1, $1::int) m`,
      [options.messagesPerTicket],
    );
    // One-off invoices for project work, spread over the clients and the year.
    await client.query(
      `insert into invoices (company_id, number, status, source, lines, subtotal_cents, tax_cents,
                             total_cents, paid_cents, issue_date, due_date, paid_at)
       with cs as (select array_agg(id order by id) as ids from companies)
       select cs.ids[1 + i % array_length(cs.ids, 1)], 'HM-' || lpad(i::text, 6, '0'), st, 'manual',
              jsonb_build_array(jsonb_build_object('description', 'Website work', 'quantity', 1,
                'unitPriceCents', a, 'amountCents', a)),
              a, 0, a, case when st = 'paid' then a else 0 end, d, d + 14,
              case when st = 'paid' then d + interval '5 days' end
       from cs, generate_series(1, $1::int) i,
            lateral (select (array['paid','paid','paid','open','void'])[1 + i % 5] as st,
                            (10000 + (i * 7919) % 500000) as a,
                            (current_date - (i % 365)) as d) x`,
      [options.manualInvoices],
    );
    await client.query("analyze");
    const counts: Record<string, number> = {};
    for (const table of ["leads", "support_tickets", "ticket_messages", "invoices"]) {
      counts[table] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
    }
    return { counts, seconds: (performance.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}
