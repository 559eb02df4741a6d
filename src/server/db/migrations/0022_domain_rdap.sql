ALTER TABLE "domains" ADD COLUMN "measured_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "registrar" varchar(200);--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "registry_status" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "rdap_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "rdap_next_check_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "rdap_error" varchar(300);--> statement-breakpoint
CREATE INDEX "domains_rdap_next_check_at_idx" ON "domains" USING btree ("rdap_next_check_at");