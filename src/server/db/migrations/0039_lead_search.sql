-- The leads inbox's search (`q`): one trigram index over the five searched texts, so an
-- `ilike '%q%'` reads the matching leads, not all of them. The expression must stay the same as
-- `leadSearchText` in leads/inbox.ts, or the planner will not use it. pg_trgm is a trusted
-- extension, so the database's owner may create it, and PGlite loads the same extension
-- (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "leads_search_trgm" ON "leads" USING gin ((
  coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("company", '')
  || ' ' || coalesce(case "kind" when 'contact' then "subject" else "project_type" end, '')
  || ' ' || coalesce(case "kind" when 'contact' then "message" else "description" end, '')
) gin_trgm_ops);
