CREATE TABLE "heartbeats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"website_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"period_seconds" integer NOT NULL,
	"grace_seconds" integer NOT NULL,
	"token_hash" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_beat_at" timestamp with time zone,
	"last_status" varchar(4),
	"last_message" varchar(300),
	"next_due_at" timestamp with time zone NOT NULL,
	"state" varchar(4) DEFAULT 'new' NOT NULL,
	CONSTRAINT "heartbeats_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "heartbeats_state_check" CHECK ("heartbeats"."state" in ('new', 'up', 'down')),
	CONSTRAINT "heartbeats_period_check" CHECK ("heartbeats"."period_seconds" > 0),
	CONSTRAINT "heartbeats_grace_check" CHECK ("heartbeats"."grace_seconds" > 0)
);
--> statement-breakpoint
DROP INDEX "monitor_incidents_one_open_idx";--> statement-breakpoint
ALTER TABLE "monitor_incidents" ADD COLUMN "heartbeat_id" uuid;--> statement-breakpoint
ALTER TABLE "heartbeats" ADD CONSTRAINT "heartbeats_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "heartbeats_website_id_idx" ON "heartbeats" USING btree ("website_id");--> statement-breakpoint
CREATE INDEX "heartbeats_next_due_at_idx" ON "heartbeats" USING btree ("next_due_at");--> statement-breakpoint
ALTER TABLE "monitor_incidents" ADD CONSTRAINT "monitor_incidents_heartbeat_id_heartbeats_id_fk" FOREIGN KEY ("heartbeat_id") REFERENCES "public"."heartbeats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_incidents_one_open_heartbeat_idx" ON "monitor_incidents" USING btree ("heartbeat_id") WHERE "monitor_incidents"."ended_at" is null and "monitor_incidents"."heartbeat_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "monitor_incidents_one_open_idx" ON "monitor_incidents" USING btree ("website_id") WHERE "monitor_incidents"."ended_at" is null and "monitor_incidents"."heartbeat_id" is null;