CREATE TABLE "page_view_days" (
	"website_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "page_view_days_website_id_day_pk" PRIMARY KEY("website_id","day")
);
--> statement-breakpoint
ALTER TABLE "page_view_days" ADD CONSTRAINT "page_view_days_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;