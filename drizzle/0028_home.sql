CREATE TABLE "home_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"frontend" text NOT NULL,
	"module" text NOT NULL,
	"position" integer NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_picks_frontend_module_target_unique" UNIQUE("frontend","module","target_id"),
	CONSTRAINT "home_picks_module_check" CHECK ("home_picks"."module" in ('featured_jobs', 'video_jobs', 'top_jobs', 'featured_organizations', 'training_organizations'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"frontend" text NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"token_key" text NOT NULL,
	"consent_record_id" integer,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_consent_record_id_consent_records_id_fk" FOREIGN KEY ("consent_record_id") REFERENCES "public"."consent_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "home_picks_frontend_module_position_idx" ON "home_picks" USING btree ("frontend","module","position");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_frontend_email_unique" ON "newsletter_subscribers" USING btree ("frontend","email");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_confirmed_idx" ON "newsletter_subscribers" USING btree ("frontend","confirmed_at") WHERE "newsletter_subscribers"."confirmed_at" is not null and "newsletter_subscribers"."unsubscribed_at" is null;