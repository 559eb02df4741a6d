ALTER TABLE "notices" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_company_id_idx" ON "notices" USING btree ("company_id");