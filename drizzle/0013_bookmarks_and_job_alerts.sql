CREATE TABLE "bookmarks" (
	"user_id" integer NOT NULL,
	"job_id" integer NOT NULL,
	"frontend" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookmarks_user_id_job_id_pk" PRIMARY KEY("user_id","job_id")
);
--> statement-breakpoint
CREATE TABLE "job_alert_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'claimed' NOT NULL,
	"job_count" integer,
	"attempts" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "job_alert_digests_alert_due_unique" UNIQUE("alert_id","due_at"),
	CONSTRAINT "job_alert_digests_state_check" CHECK ("job_alert_digests"."state" in ('claimed', 'sent', 'empty'))
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"frontend" text NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"search" jsonb NOT NULL,
	"label" text NOT NULL,
	"search_path" text NOT NULL,
	"interval_seconds" integer NOT NULL,
	"token_key" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"next_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_interval_check" CHECK ("job_alerts"."interval_seconds" in (-1, 86400, 604800, 2628000))
);
--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_digests" ADD CONSTRAINT "job_alert_digests_alert_id_job_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_user_frontend_idx" ON "bookmarks" USING btree ("user_id","frontend","created_at");--> statement-breakpoint
CREATE INDEX "bookmarks_job_id_idx" ON "bookmarks" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_alert_digests_unsent_idx" ON "job_alert_digests" USING btree ("claimed_at") WHERE "job_alert_digests"."state" = 'claimed';--> statement-breakpoint
CREATE INDEX "job_alerts_user_frontend_idx" ON "job_alerts" USING btree ("user_id","frontend");--> statement-breakpoint
CREATE INDEX "job_alerts_due_idx" ON "job_alerts" USING btree ("next_digest_at") WHERE "job_alerts"."next_digest_at" is not null;