ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_name_check";--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "frontend" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "job_id" integer;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_job_id_idx" ON "analytics_events" USING btree ("job_id");--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_name_check" CHECK ("analytics_events"."name" in ('login', 'sign_up', 'sign_up_start', 'job_apply_start', 'job_apply_complete', 'job_bookmark', 'job_alert_signup'));