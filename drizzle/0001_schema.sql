CREATE TABLE "credit_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"type" text NOT NULL,
	"label" text,
	"amount" integer DEFAULT 0 NOT NULL,
	"frontend" text NOT NULL,
	CONSTRAINT "credit_balances_organization_type_frontend_unique" UNIQUE("organization_id","type","frontend"),
	CONSTRAINT "credit_balances_amount_check" CHECK ("credit_balances"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"frontend" text NOT NULL,
	"job_slots" integer DEFAULT 0 NOT NULL,
	"resume_contact_slots" integer DEFAULT 0 NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" char(3) DEFAULT 'EUR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('job_slots', 'resume_contacts', 'credits')),
	CONSTRAINT "products_amounts_check" CHECK ("products"."job_slots" >= 0 and "products"."resume_contact_slots" >= 0 and "products"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"label" text,
	"start_date" date NOT NULL,
	"end_date" date,
	"status" text DEFAULT 'pending' NOT NULL,
	"available_job_slots" integer DEFAULT 0 NOT NULL,
	"resume_contacts_active" integer DEFAULT 0 NOT NULL,
	"resume_contacts_available" integer DEFAULT 0 NOT NULL,
	"resume_contacts_total" integer DEFAULT 0 NOT NULL,
	"frontend" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'expired', 'cancelled', 'pending')),
	CONSTRAINT "subscriptions_dates_check" CHECK ("subscriptions"."end_date" >= "subscriptions"."start_date"),
	CONSTRAINT "subscriptions_slots_check" CHECK ("subscriptions"."available_job_slots" >= 0 and "subscriptions"."resume_contacts_active" >= 0 and "subscriptions"."resume_contacts_available" >= 0 and "subscriptions"."resume_contacts_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "consent_info_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"info_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_info_revisions_info_revision_language_unique" UNIQUE("info_id","revision","language"),
	CONSTRAINT "consent_info_revisions_language_check" CHECK ("consent_info_revisions"."language" in ('de', 'en', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "consent_infos" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"placement" text,
	"opt_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"mail" text NOT NULL,
	"info_id" integer NOT NULL,
	"info_revision_id" integer NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"value" text,
	CONSTRAINT "app_config_name_key_unique" UNIQUE("name","key")
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"teaser" text,
	"body_html" text,
	"image_url" text,
	"author" text,
	"published_at" timestamp with time zone,
	"language" text DEFAULT 'de' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_language_check" CHECK ("blog_posts"."language" in ('de', 'en', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "landing_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"title" text NOT NULL,
	"intro_html" text,
	"occupational_field_id" integer,
	"region" text,
	"locality" text,
	"language" text DEFAULT 'de' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_pages_language_check" CHECK ("landing_pages"."language" in ('de', 'en', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "path_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"language" text,
	CONSTRAINT "path_aliases_target_kind_check" CHECK ("path_aliases"."target_kind" in ('Job', 'LandingPage', 'OrganizationProfile')),
	CONSTRAINT "path_aliases_language_check" CHECK ("path_aliases"."language" in ('de', 'en', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "redirects" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_path" text NOT NULL,
	"target" text,
	"status_code" integer DEFAULT 301 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_status_code_check" CHECK ("redirects"."status_code" in (301, 302, 307, 308, 410)),
	CONSTRAINT "redirects_target_check" CHECK ("redirects"."status_code" = 410 or "redirects"."target" is not null)
);
--> statement-breakpoint
CREATE TABLE "seo_metatags" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"language" text DEFAULT 'de' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "seo_metatags_path_language_unique" UNIQUE("path","language"),
	CONSTRAINT "seo_metatags_language_check" CHECK ("seo_metatags"."language" in ('de', 'en', 'fr'))
);
--> statement-breakpoint
CREATE TABLE "taxonomy_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"vocabulary" text NOT NULL,
	"slug" text NOT NULL,
	"label_de" text NOT NULL,
	"label_en" text,
	"label_fr" text,
	"weight" integer DEFAULT 0 NOT NULL,
	"parent_id" integer,
	CONSTRAINT "taxonomy_terms_vocabulary_slug_unique" UNIQUE("vocabulary","slug"),
	CONSTRAINT "taxonomy_terms_vocabulary_check" CHECK ("taxonomy_terms"."vocabulary" in ('occupational_field', 'industry', 'employment_type', 'remote_option', 'years_of_experience', 'degree_level', 'field_of_study', 'language', 'skill', 'benefit', 'career_status', 'region'))
);
--> statement-breakpoint
CREATE TABLE "organization_members" (
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_owner" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_members_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"target_id" text,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK ("user_roles"."role" in ('recruiter', 'applicant', 'administrator', 'site_admin', 'job_editor'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"display_name" text,
	"email_verified_at" timestamp with time zone,
	"approved" boolean DEFAULT false NOT NULL,
	"tokens_not_before" timestamp with time zone,
	"active_organization_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE TABLE "organization_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_benefits" (
	"organization_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "organization_benefits_organization_id_term_id_pk" PRIMARY KEY("organization_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "organization_contact_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"salutation" text,
	"first_name" text,
	"last_name" text,
	"photo_url" text,
	"email" text,
	"position" text,
	"phone" text,
	"linkedin_profile" text,
	"contact_info" text,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_faqs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_fields_of_study" (
	"organization_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "organization_fields_of_study_organization_id_term_id_pk" PRIMARY KEY("organization_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "organization_gallery_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"image_url" text NOT NULL,
	"alt" text,
	"title" text,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_industries" (
	"organization_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "organization_industries_organization_id_term_id_pk" PRIMARY KEY("organization_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "organization_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text,
	"country_code" text,
	"address_line1" text,
	"address_line2" text,
	"administrative_area" text,
	"locality" text,
	"postal_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_occupations" (
	"organization_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "organization_occupations_organization_id_term_id_pk" PRIMARY KEY("organization_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "organization_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"cover_url" text,
	"cover_title" text,
	"source" text NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"salutation" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"position" text,
	"name" text NOT NULL,
	"country_code" text,
	"address_line1" text,
	"address_line2" text,
	"administrative_area" text,
	"locality" text,
	"postal_code" text,
	"alternative_name" text,
	"logo_url" text,
	"cover_url" text,
	"website" text,
	"facebook" text,
	"twitter" text,
	"linkedin" text,
	"youtube" text,
	"xing" text,
	"instagram" text,
	"tiktok" text,
	"bluesky" text,
	"presentation" text,
	"size" text,
	"featured" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"path" text,
	"owner_user_id" integer,
	"frontend" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_employment_types" (
	"job_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "job_employment_types_job_id_term_id_pk" PRIMARY KEY("job_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "job_fields_of_study" (
	"job_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "job_fields_of_study_job_id_term_id_pk" PRIMARY KEY("job_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "job_languages" (
	"job_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "job_languages_job_id_term_id_pk" PRIMARY KEY("job_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "job_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"country_code" text,
	"address_line1" text,
	"address_line2" text,
	"administrative_area" text,
	"locality" text,
	"postal_code" text,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "job_locations_latitude_check" CHECK ("job_locations"."latitude" between -90 and 90),
	CONSTRAINT "job_locations_longitude_check" CHECK ("job_locations"."longitude" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "job_occupational_fields" (
	"job_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "job_occupational_fields_job_id_term_id_pk" PRIMARY KEY("job_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "job_skills" (
	"job_id" integer NOT NULL,
	"term_id" integer NOT NULL,
	CONSTRAINT "job_skills_job_id_term_id_pk" PRIMARY KEY("job_id","term_id")
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_type" text DEFAULT 'job_per_template' NOT NULL,
	"state" text DEFAULT 'needs_review' NOT NULL,
	"title" text NOT NULL,
	"link_url" text,
	"file_key" text,
	"description" text,
	"availability_period" text,
	"video_url" text,
	"organization_id" integer NOT NULL,
	"organization_name" text,
	"logo_url" text,
	"remote_option_id" integer,
	"years_of_experience_id" integer,
	"degree_level_id" integer,
	"salary_min" numeric(12, 2),
	"salary_max" numeric(12, 2),
	"currency_code" char(3),
	"salary_unit" text,
	"salary_free" text,
	"salary_min_yearly" numeric(14, 2) GENERATED ALWAYS AS (case salary_unit when 'year' then salary_min when 'month' then salary_min * 12 when 'hour' then salary_min * 2080 end) STORED,
	"salary_max_yearly" numeric(14, 2) GENERATED ALWAYS AS (case salary_unit when 'year' then salary_max when 'month' then salary_max * 12 when 'hour' then salary_max * 2080 end) STORED,
	"languages_free" text,
	"skills_free" text,
	"skills_text" text,
	"published_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"duration_days" integer,
	"application_workflow" text DEFAULT 'email' NOT NULL,
	"application_emails" text[] DEFAULT '{}' NOT NULL,
	"application_link" text,
	"application_require_cv" boolean DEFAULT false NOT NULL,
	"application_require_cover_letter" boolean DEFAULT false NOT NULL,
	"application_require_qualifying_questions" boolean DEFAULT false NOT NULL,
	"application_qualifying_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"language" text DEFAULT 'de' NOT NULL,
	"search_config" "regconfig" DEFAULT 'german'::regconfig NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector(search_config, coalesce(title, '')), 'A') || setweight(to_tsvector(search_config, coalesce(organization_name, '')), 'B') || setweight(to_tsvector(search_config, coalesce(skills_free, '') || ' ' || coalesce(skills_text, '')), 'C') || setweight(to_tsvector(search_config, regexp_replace(coalesce(description, ''), '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g')), 'D')) STORED NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"frontend" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_job_type_check" CHECK ("jobs"."job_type" in ('job_per_template', 'job_per_link', 'job_per_file')),
	CONSTRAINT "jobs_state_check" CHECK ("jobs"."state" in ('needs_review', 'published', 'archived', 'scheduled')),
	CONSTRAINT "jobs_salary_unit_check" CHECK ("jobs"."salary_unit" in ('hour', 'month', 'year')),
	CONSTRAINT "jobs_application_workflow_check" CHECK ("jobs"."application_workflow" in ('email', 'link', 'on_site')),
	CONSTRAINT "jobs_language_check" CHECK ("jobs"."language" in ('de', 'en', 'fr')),
	CONSTRAINT "jobs_search_config_check" CHECK ("jobs"."search_config" in ('german'::regconfig, 'english'::regconfig, 'french'::regconfig)),
	CONSTRAINT "jobs_salary_range_check" CHECK ("jobs"."salary_min" >= 0 and "jobs"."salary_max" >= "jobs"."salary_min"),
	CONSTRAINT "jobs_duration_days_check" CHECK ("jobs"."duration_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_info_revisions" ADD CONSTRAINT "consent_info_revisions_info_id_consent_infos_id_fk" FOREIGN KEY ("info_id") REFERENCES "public"."consent_infos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_info_id_consent_infos_id_fk" FOREIGN KEY ("info_id") REFERENCES "public"."consent_infos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_info_revision_id_consent_info_revisions_id_fk" FOREIGN KEY ("info_revision_id") REFERENCES "public"."consent_info_revisions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_occupational_field_id_taxonomy_terms_id_fk" FOREIGN KEY ("occupational_field_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxonomy_terms" ADD CONSTRAINT "taxonomy_terms_parent_id_taxonomy_terms_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_members" ADD CONSTRAINT "organization_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_active_organization_id_organizations_id_fk" FOREIGN KEY ("active_organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_attachments" ADD CONSTRAINT "organization_attachments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_benefits" ADD CONSTRAINT "organization_benefits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_benefits" ADD CONSTRAINT "organization_benefits_term_id_taxonomy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_contact_persons" ADD CONSTRAINT "organization_contact_persons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_faqs" ADD CONSTRAINT "organization_faqs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_fields_of_study" ADD CONSTRAINT "organization_fields_of_study_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_fields_of_study" ADD CONSTRAINT "organization_fields_of_study_term_id_taxonomy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_gallery_images" ADD CONSTRAINT "organization_gallery_images_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_industries" ADD CONSTRAINT "organization_industries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_industries" ADD CONSTRAINT "organization_industries_term_id_taxonomy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_locations" ADD CONSTRAINT "organization_locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_occupations" ADD CONSTRAINT "organization_occupations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_occupations" ADD CONSTRAINT "organization_occupations_term_id_taxonomy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_videos" ADD CONSTRAINT "organization_videos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_employment_types" ADD CONSTRAINT "job_employment_types_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_employment_types" ADD CONSTRAINT "job_employment_types_term_id_taxonomy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_fields_of_study" ADD CONSTRAINT "job_fields_of_study_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_fields_of_study" ADD CONSTRAINT "job_fields_of_study_term_id_taxonomy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_languages" ADD CONSTRAINT "job_languages_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_languages" ADD CONSTRAINT "job_languages_term_id_taxonomy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_locations" ADD CONSTRAINT "job_locations_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_occupational_fields" ADD CONSTRAINT "job_occupational_fields_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_occupational_fields" ADD CONSTRAINT "job_occupational_fields_term_id_taxonomy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_skills" ADD CONSTRAINT "job_skills_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_skills" ADD CONSTRAINT "job_skills_term_id_taxonomy_terms_id_fk" FOREIGN KEY ("term_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_remote_option_id_taxonomy_terms_id_fk" FOREIGN KEY ("remote_option_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_years_of_experience_id_taxonomy_terms_id_fk" FOREIGN KEY ("years_of_experience_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_degree_level_id_taxonomy_terms_id_fk" FOREIGN KEY ("degree_level_id") REFERENCES "public"."taxonomy_terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_organization_id_idx" ON "subscriptions" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "subscriptions_product_id_idx" ON "subscriptions" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "consent_infos_type_placement_idx" ON "consent_infos" USING btree ("type","placement");--> statement-breakpoint
CREATE INDEX "consent_records_mail_info_id_idx" ON "consent_records" USING btree ("mail","info_id");--> statement-breakpoint
CREATE INDEX "consent_records_user_id_idx" ON "consent_records" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_slug_unique" ON "blog_posts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "blog_posts_language_published_at_idx" ON "blog_posts" USING btree ("language","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "landing_pages_path_unique" ON "landing_pages" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "path_aliases_path_unique" ON "path_aliases" USING btree ("path");--> statement-breakpoint
CREATE INDEX "path_aliases_target_idx" ON "path_aliases" USING btree ("target_kind","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "redirects_source_path_unique" ON "redirects" USING btree ("source_path");--> statement-breakpoint
CREATE INDEX "taxonomy_terms_parent_id_idx" ON "taxonomy_terms" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "organization_members_user_id_idx" ON "organization_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_attachments_storage_key_unique" ON "organization_attachments" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "organization_attachments_organization_id_idx" ON "organization_attachments" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_benefits_term_id_idx" ON "organization_benefits" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "organization_contact_persons_organization_id_idx" ON "organization_contact_persons" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_faqs_organization_id_idx" ON "organization_faqs" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_fields_of_study_term_id_idx" ON "organization_fields_of_study" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "organization_gallery_images_organization_id_idx" ON "organization_gallery_images" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_industries_term_id_idx" ON "organization_industries" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "organization_locations_organization_id_idx" ON "organization_locations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_occupations_term_id_idx" ON "organization_occupations" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "organization_videos_organization_id_idx" ON "organization_videos" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_path_unique" ON "organizations" USING btree ("path");--> statement-breakpoint
CREATE INDEX "organizations_owner_user_id_idx" ON "organizations" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "organizations_published_featured_idx" ON "organizations" USING btree ("published","featured");--> statement-breakpoint
CREATE INDEX "job_employment_types_term_id_idx" ON "job_employment_types" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "job_fields_of_study_term_id_idx" ON "job_fields_of_study" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "job_languages_term_id_idx" ON "job_languages" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "job_locations_job_id_idx" ON "job_locations" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_locations_earth_idx" ON "job_locations" USING gist (ll_to_earth("latitude", "longitude"));--> statement-breakpoint
CREATE INDEX "job_occupational_fields_term_id_idx" ON "job_occupational_fields" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "job_skills_term_id_idx" ON "job_skills" USING btree ("term_id");--> statement-breakpoint
CREATE INDEX "jobs_state_published_at_idx" ON "jobs" USING btree ("state","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "jobs_organization_id_idx" ON "jobs" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "jobs_search_vector_idx" ON "jobs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "jobs_title_trgm_idx" ON "jobs" USING gin (lower("title") gin_trgm_ops);