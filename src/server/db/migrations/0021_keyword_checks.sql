ALTER TABLE "websites" ADD COLUMN "check_keyword" varchar(200);--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "check_keyword_must_be" varchar(10) DEFAULT 'present' NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_check_keyword_must_be_check" CHECK ("websites"."check_keyword_must_be" in ('present', 'absent'));