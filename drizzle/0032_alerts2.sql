CREATE TABLE "resume_alert_digests" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'claimed' NOT NULL,
	"resume_count" integer,
	"attempts" integer DEFAULT 1 NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "resume_alert_digests_alert_due_unique" UNIQUE("alert_id","due_at"),
	CONSTRAINT "resume_alert_digests_state_check" CHECK ("resume_alert_digests"."state" in ('claimed', 'sent', 'empty'))
);
--> statement-breakpoint
CREATE TABLE "resume_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"frontend" text NOT NULL,
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"locale" text NOT NULL,
	"search" jsonb NOT NULL,
	"label" text NOT NULL,
	"search_path" text NOT NULL,
	"interval_seconds" integer NOT NULL,
	"token_key" text NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"next_digest_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_alerts_interval_check" CHECK ("resume_alerts"."interval_seconds" in (-1, 86400, 604800, 2628000))
);
--> statement-breakpoint
ALTER TABLE "resumes" ADD COLUMN "visible_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "resume_alert_digests" ADD CONSTRAINT "resume_alert_digests_alert_id_resume_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."resume_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_alerts" ADD CONSTRAINT "resume_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_alerts" ADD CONSTRAINT "resume_alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resume_alert_digests_unsent_idx" ON "resume_alert_digests" USING btree ("claimed_at") WHERE "resume_alert_digests"."state" = 'claimed';--> statement-breakpoint
CREATE INDEX "resume_alerts_user_frontend_idx" ON "resume_alerts" USING btree ("user_id","frontend");--> statement-breakpoint
CREATE INDEX "resume_alerts_due_idx" ON "resume_alerts" USING btree ("next_digest_at") WHERE "resume_alerts"."next_digest_at" is not null;