-- Issue 13, job posting: the draft state, organizations.trusted (staff mark them; their jobs skip review),
-- the job state history (who, when, from, to, why), job payments (one per job and posting, so a retried
-- publish pays once), uploaded job ad PDFs and the job manager's view counts. The new tables never show on
-- anonymous pages (src/server/page-cache/content-version.ts lists them).
CREATE TABLE "job_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"uploaded_by" integer,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"posting" integer NOT NULL,
	"source" text NOT NULL,
	"subscription_id" integer,
	"credit_balance_id" integer,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_payments_job_posting_unique" UNIQUE("job_id","posting"),
	CONSTRAINT "job_payments_source_check" CHECK ("job_payments"."source" in ('subscription', 'credit'))
);
--> statement-breakpoint
CREATE TABLE "job_state_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"actor_user_id" integer,
	"from_state" text,
	"to_state" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_state_changes_from_state_check" CHECK ("job_state_changes"."from_state" in ('draft', 'needs_review', 'published', 'archived', 'scheduled')),
	CONSTRAINT "job_state_changes_to_state_check" CHECK ("job_state_changes"."to_state" in ('draft', 'needs_review', 'published', 'archived', 'scheduled'))
);
--> statement-breakpoint
CREATE TABLE "job_view_counts" (
	"job_id" integer PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_view_counts_views_check" CHECK ("job_view_counts"."views" >= 0)
);
--> statement-breakpoint
ALTER TABLE "jobs" DROP CONSTRAINT "jobs_state_check";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "posting" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_files" ADD CONSTRAINT "job_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payments" ADD CONSTRAINT "job_payments_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payments" ADD CONSTRAINT "job_payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payments" ADD CONSTRAINT "job_payments_credit_balance_id_credit_balances_id_fk" FOREIGN KEY ("credit_balance_id") REFERENCES "public"."credit_balances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_payments" ADD CONSTRAINT "job_payments_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_state_changes" ADD CONSTRAINT "job_state_changes_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_state_changes" ADD CONSTRAINT "job_state_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_view_counts" ADD CONSTRAINT "job_view_counts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_files_storage_key_unique" ON "job_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "job_files_organization_id_idx" ON "job_files" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "job_files_uploaded_by_idx" ON "job_files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "job_payments_subscription_id_idx" ON "job_payments" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "job_payments_credit_balance_id_idx" ON "job_payments" USING btree ("credit_balance_id");--> statement-breakpoint
CREATE INDEX "job_payments_actor_user_id_idx" ON "job_payments" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "job_state_changes_job_id_idx" ON "job_state_changes" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_state_changes_actor_user_id_idx" ON "job_state_changes" USING btree ("actor_user_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('draft', 'needs_review', 'published', 'archived', 'scheduled'));