CREATE TABLE "resume_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"resume_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"resume_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"requested_by" integer,
	"frontend" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_contact_requests_status_check" CHECK ("resume_contact_requests"."status" in ('pending', 'approved', 'declined', 'revoked', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "resume_contact_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"state" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "resume_contact_reservations_source_check" CHECK ("resume_contact_reservations"."source" in ('credit', 'subscription')),
	CONSTRAINT "resume_contact_reservations_state_check" CHECK ("resume_contact_reservations"."state" in ('reserved', 'booked', 'released'))
);
--> statement-breakpoint
CREATE TABLE "resume_facet_links" (
	"resume_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	"field" text NOT NULL,
	CONSTRAINT "resume_facet_links_resume_id_term_id_pk" PRIMARY KEY("resume_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "resume_facet_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "resume_facet_terms_field_check" CHECK ("resume_facet_terms"."field" in ('careerStatus', 'languages', 'skills', 'occupations', 'region', 'fieldOfStudy'))
);
--> statement-breakpoint
CREATE TABLE "resume_private" (
	"resume_id" integer PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"birthday" date,
	"home_location" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"frontend" text NOT NULL,
	"visible" boolean DEFAULT false NOT NULL,
	"salutation" text,
	"about" text,
	"job_preferences" jsonb,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_experience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb,
	"skills" jsonb,
	"title" text,
	"search_text" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german'::regconfig, coalesce(title, '')), 'A') || setweight(to_tsvector('german'::regconfig, coalesce(search_text, '')), 'B')) STORED NOT NULL,
	"region" text,
	"latitude" double precision,
	"longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resume_attachments" ADD CONSTRAINT "resume_attachments_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_contact_requests" ADD CONSTRAINT "resume_contact_requests_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_contact_requests" ADD CONSTRAINT "resume_contact_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_contact_requests" ADD CONSTRAINT "resume_contact_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_contact_reservations" ADD CONSTRAINT "resume_contact_reservations_request_id_resume_contact_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."resume_contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_contact_reservations" ADD CONSTRAINT "resume_contact_reservations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_facet_links" ADD CONSTRAINT "resume_facet_links_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_facet_links" ADD CONSTRAINT "resume_facet_links_term_id_resume_facet_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."resume_facet_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_private" ADD CONSTRAINT "resume_private_resume_id_resumes_id_fk" FOREIGN KEY ("resume_id") REFERENCES "public"."resumes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resumes" ADD CONSTRAINT "resumes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resume_attachments_resume_id_idx" ON "resume_attachments" USING btree ("resume_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resume_attachments_storage_key_unique" ON "resume_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "resume_contact_requests_open_unique" ON "resume_contact_requests" USING btree ("resume_id","organization_id") WHERE "resume_contact_requests"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "resume_contact_requests_organization_idx" ON "resume_contact_requests" USING btree ("organization_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "resume_contact_requests_pending_idx" ON "resume_contact_requests" USING btree ("expires_at") WHERE "resume_contact_requests"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "resume_contact_reservations_request_unique" ON "resume_contact_reservations" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "resume_contact_reservations_open_idx" ON "resume_contact_reservations" USING btree ("source","source_id") WHERE "resume_contact_reservations"."state" = 'reserved';--> statement-breakpoint
CREATE INDEX "resume_facet_links_term_idx" ON "resume_facet_links" USING btree ("term_id","resume_id");--> statement-breakpoint
CREATE INDEX "resume_facet_links_field_idx" ON "resume_facet_links" USING btree ("field","resume_id","term_id");--> statement-breakpoint
CREATE UNIQUE INDEX "resume_facet_terms_field_value_unique" ON "resume_facet_terms" USING btree ("field","value");--> statement-breakpoint
CREATE UNIQUE INDEX "resumes_user_frontend_unique" ON "resumes" USING btree ("user_id","frontend");--> statement-breakpoint
CREATE INDEX "resumes_visible_idx" ON "resumes" USING btree ("frontend","updated_at" DESC NULLS LAST,"id") WHERE "resumes"."visible";--> statement-breakpoint
CREATE INDEX "resumes_search_vector_idx" ON "resumes" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "resumes_title_trgm_idx" ON "resumes" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resumes_earth_idx" ON "resumes" USING gist (ll_to_earth("latitude", "longitude"));