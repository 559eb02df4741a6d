CREATE TABLE "web_vital_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"path" varchar(500) NOT NULL,
	"device" varchar(10) NOT NULL,
	"metric" varchar(4) NOT NULL,
	"visits" integer NOT NULL,
	"good" integer NOT NULL,
	"first_bucket" smallint NOT NULL,
	"counts" integer[] NOT NULL,
	CONSTRAINT "web_vital_days_website_id_day_path_device_metric_pk" PRIMARY KEY("website_id","day","path","device","metric")
);
--> statement-breakpoint
CREATE TABLE "web_vital_ratings" (
	"website_id" uuid NOT NULL,
	"metric" varchar(4) NOT NULL,
	"rating" varchar(20) NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "web_vital_ratings_website_id_metric_pk" PRIMARY KEY("website_id","metric")
);
--> statement-breakpoint
CREATE TABLE "web_vitals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "web_vitals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"website_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"path" varchar(500) NOT NULL,
	"device" varchar(10) NOT NULL,
	"lcp" double precision,
	"inp" double precision,
	"cls" double precision,
	"fcp" double precision,
	"ttfb" double precision
);
--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "vitals_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "web_vital_days" ADD CONSTRAINT "web_vital_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_vital_ratings" ADD CONSTRAINT "web_vital_ratings_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_vitals" ADD CONSTRAINT "web_vitals_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "web_vitals_website_day_idx" ON "web_vitals" USING btree ("website_id","day");