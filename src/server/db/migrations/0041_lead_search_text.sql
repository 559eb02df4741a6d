-- The leads inbox's search (`q`) reads one stored column: the five searched texts, lowercased,
-- joined by the unit separator (U+001F). Each lead is lowercased once, when it is written, not at
-- every search; the separator keeps a match from running across two texts, since a search may
-- hold no control character; and the column's trigram index replaces migration 0039's.
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(
  coalesce("name", '') || E'\x1f' || coalesce("email", '') || E'\x1f' || coalesce("company", '')
  || E'\x1f' || coalesce(case "kind" when 'contact' then "subject" else "project_type" end, '')
  || E'\x1f' || coalesce(case "kind" when 'contact' then "message" else "description" end, '')
)) STORED;--> statement-breakpoint
DROP INDEX "leads_search_trgm";--> statement-breakpoint
CREATE INDEX "leads_search_text_trgm" ON "leads" USING gin ("search_text" gin_trgm_ops);
