-- One table for every lead: contact messages and project applications become rows of "leads"
-- with a kind, keeping their ids, references, statuses and times; notes point at their lead by
-- a foreign key. Written by hand (the data moves); the snapshot is drizzle-kit's.
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(20) NOT NULL,
	"reference" varchar(16) NOT NULL,
	"name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"status" varchar(20) DEFAULT 'new' NOT NULL,
	"subject" varchar(200),
	"message" text,
	"phone" varchar(40),
	"company" varchar(200),
	"project_type" varchar(40),
	"budget" varchar(40),
	"timeline" varchar(40),
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_reference_unique" UNIQUE("reference"),
	CONSTRAINT "leads_kind_check" CHECK ("leads"."kind" in ('contact', 'application')),
	CONSTRAINT "leads_contact_fields_check" CHECK ("leads"."kind" <> 'contact'
          or ("leads"."subject" is not null and "leads"."message" is not null)),
	CONSTRAINT "leads_application_fields_check" CHECK ("leads"."kind" <> 'application'
          or ("leads"."project_type" is not null and "leads"."description" is not null))
);
--> statement-breakpoint
-- The two old tables drew their references (and ids) apart: a reference both use cannot go into
-- one unique column, and changing it would break what a visitor was told. Stop and say which.
DO $$
DECLARE
  shared text;
BEGIN
  SELECT string_agg(c."reference", ', ' ORDER BY c."reference") INTO shared
    FROM "contact_messages" c
    JOIN "quote_requests" q ON q."reference" = c."reference" OR q."id" = c."id";
  IF shared IS NOT NULL THEN
    RAISE EXCEPTION 'a contact message and a project application share a reference or an id (contact references: %); give one of each pair a new reference (or id), then start again', shared;
  END IF;
END
$$;
--> statement-breakpoint
INSERT INTO "leads" ("id", "kind", "reference", "name", "email", "status", "subject", "message", "created_at", "updated_at")
SELECT "id", 'contact', "reference", "name", "email", "status", "subject", "message", "created_at", "created_at"
  FROM "contact_messages";
--> statement-breakpoint
INSERT INTO "leads" ("id", "kind", "reference", "name", "email", "status", "phone", "company", "project_type", "budget", "timeline", "description", "created_at", "updated_at")
SELECT "id", 'application', "reference", "name", "email", "status", "phone", "company", "project_type", "budget", "timeline", "description", "created_at", "created_at"
  FROM "quote_requests";
--> statement-breakpoint
-- Every note must point at a lead of its own kind before lead_kind goes: a note that does not
-- would be lost or, worse, land on another lead. Stop and say which.
DO $$
DECLARE
  stray text;
BEGIN
  SELECT string_agg(n."id"::text, ', ' ORDER BY n."id") INTO stray
    FROM "lead_notes" n
   WHERE NOT EXISTS (
           SELECT 1 FROM "leads" l WHERE l."id" = n."lead_id" AND l."kind" = n."lead_kind");
  IF stray IS NOT NULL THEN
    RAISE EXCEPTION 'lead notes without their lead (notes: %); delete them or point them at their lead, then start again', stray;
  END IF;
END
$$;
--> statement-breakpoint
DROP INDEX "lead_notes_lead_idx";--> statement-breakpoint
ALTER TABLE "lead_notes" DROP COLUMN "lead_kind";--> statement-breakpoint
ALTER TABLE "lead_notes" ADD CONSTRAINT "lead_notes_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notes_lead_id_idx" ON "lead_notes" USING btree ("lead_id");--> statement-breakpoint
DROP TABLE "contact_messages";--> statement-breakpoint
DROP TABLE "quote_requests";--> statement-breakpoint
CREATE INDEX "leads_created_at_idx" ON "leads" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "leads_status_created_at_idx" ON "leads" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "leads_email_idx" ON "leads" USING btree ("email");
