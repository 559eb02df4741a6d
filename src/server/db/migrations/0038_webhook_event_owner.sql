ALTER TABLE "webhook_events" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_events_company_id_idx" ON "webhook_events" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "webhook_events_lead_id_idx" ON "webhook_events" USING btree ("lead_id");