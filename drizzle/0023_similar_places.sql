CREATE TABLE "job_similar_places" (
	"job_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"frontend" text NOT NULL,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_similar_places" ADD CONSTRAINT "job_similar_places_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_similar_places_job_id_idx" ON "job_similar_places" USING btree ("job_id");