CREATE TABLE "staff_booking_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" char(64) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_booking_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_busy_times" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_busy_times_span_check" CHECK ("staff_busy_times"."ends_at" > "staff_busy_times"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "staff_calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"url" varchar(2000) NOT NULL,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fetched_at" timestamp with time zone,
	"error" varchar(300),
	"busy_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_booking_feeds" ADD CONSTRAINT "staff_booking_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_busy_times" ADD CONSTRAINT "staff_busy_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_calendar_feeds" ADD CONSTRAINT "staff_calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_busy_times_user_id_idx" ON "staff_busy_times" USING btree ("user_id","starts_at");--> statement-breakpoint
CREATE INDEX "staff_calendar_feeds_next_fetch_at_idx" ON "staff_calendar_feeds" USING btree ("next_fetch_at");