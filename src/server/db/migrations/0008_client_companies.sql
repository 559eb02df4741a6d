-- A client becomes a company with members. Websites, domains and billing belong to the company
-- instead of a user; a ticket gets its company and keeps the member who opened it. Existing data
-- is carried over here: every client (a user who is not staff, or anyone who owns rows) becomes
-- the owner of a company of their own, named after them, whose id is their user id, and every
-- row is moved to it before the old columns go. Edited by hand (the data moves); the snapshot is
-- drizzle-kit's.
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "company_members_role_check" CHECK ("company_members"."role" in ('owner', 'billing', 'member'))
);
--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_members_company_id_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
-- One company per client: every user who is not staff (they were invited, or signed up), and
-- anyone else who owns a website, domain, billing account or ticket, so no row is left behind.
INSERT INTO "companies" ("id", "name", "created_at", "updated_at")
SELECT u."id",
       left(coalesce(nullif(trim(concat_ws(' ', u."first_name", u."last_name")), ''), u."email"), 200),
       u."created_at",
       u."created_at"
  FROM "users" u
 WHERE NOT u."is_admin"
    OR EXISTS (SELECT 1 FROM "websites" w WHERE w."user_id" = u."id")
    OR EXISTS (SELECT 1 FROM "domains" d WHERE d."user_id" = u."id")
    OR EXISTS (SELECT 1 FROM "billing_accounts" b WHERE b."user_id" = u."id")
    OR EXISTS (SELECT 1 FROM "support_tickets" t WHERE t."user_id" = u."id");
--> statement-breakpoint
INSERT INTO "company_members" ("company_id", "user_id", "role", "created_at")
SELECT c."id", c."id", 'owner', c."created_at" FROM "companies" c;
--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP CONSTRAINT "billing_accounts_user_id_unique";--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP CONSTRAINT "billing_accounts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "domains" DROP CONSTRAINT "domains_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "websites" DROP CONSTRAINT "websites_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "domains_user_id_idx";--> statement-breakpoint
DROP INDEX "websites_user_id_idx";--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "company_id" uuid;--> statement-breakpoint
UPDATE "billing_accounts" SET "company_id" = "user_id";--> statement-breakpoint
UPDATE "domains" SET "company_id" = "user_id";--> statement-breakpoint
UPDATE "support_tickets" SET "company_id" = "user_id";--> statement-breakpoint
UPDATE "websites" SET "company_id" = "user_id";--> statement-breakpoint
ALTER TABLE "billing_accounts" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domains_company_id_idx" ON "domains" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "support_tickets_company_id_idx" ON "support_tickets" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "websites_company_id_idx" ON "websites" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "billing_accounts" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "domains" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "websites" DROP COLUMN "user_id";--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_company_id_unique" UNIQUE("company_id");
