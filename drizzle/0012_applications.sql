CREATE TABLE "application_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer,
	"job_id" integer NOT NULL,
	"upload_token" text NOT NULL,
	"uploaded_by" integer,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_files_kind_check" CHECK ("application_files"."kind" in ('cv', 'cover_letter'))
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"frontend" text NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"locale" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"mail_claimed_at" timestamp with time zone,
	"mails_sent_at" timestamp with time zone,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('new', 'seen', 'shortlisted', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_name_check";--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_files" ADD CONSTRAINT "application_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "application_files_upload_token_unique" ON "application_files" USING btree ("upload_token");--> statement-breakpoint
CREATE UNIQUE INDEX "application_files_storage_key_unique" ON "application_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "application_files_application_id_idx" ON "application_files" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_files_job_id_idx" ON "application_files" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "application_files_uploaded_by_idx" ON "application_files" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "application_files_unattached_idx" ON "application_files" USING btree ("created_at") WHERE "application_files"."application_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_idempotency_key_unique" ON "applications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_job_email_unique" ON "applications" USING btree ("job_id","email");--> statement-breakpoint
CREATE INDEX "applications_user_id_idx" ON "applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "applications_job_id_created_at_idx" ON "applications" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "applications_mails_pending_idx" ON "applications" USING btree ("created_at") WHERE "applications"."mails_sent_at" is null;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_name_check" CHECK ("analytics_events"."name" in ('login', 'sign_up', 'sign_up_start', 'job_apply_start', 'job_apply_complete', 'job_bookmark', 'job_alert_signup', 'view_original_ad'));