-- Decision 0015: the page cache keeps anonymous pages at a known content revision. Every statement that
-- changes a table an anonymous page shows bumps this counter in its own transaction, so a reader that sees
-- the new revision sees the new rows. Tables whose changes never show on an anonymous page are listed in
-- src/server/page-cache/content-tables.ts; a test keeps both lists complete.
CREATE TABLE "content_revision" (
	"singleton" boolean PRIMARY KEY DEFAULT true CHECK ("singleton"),
	"revision" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "content_revision" ("singleton", "revision") VALUES (true, 1);
--> statement-breakpoint
CREATE FUNCTION "bump_content_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "content_revision" SET "revision" = "revision" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "app_config_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_config"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "blog_posts_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blog_posts"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "landing_pages_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "landing_pages"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "path_aliases_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "path_aliases"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "redirects_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "redirects"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "seo_metatags_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "seo_metatags"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "taxonomy_terms_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "taxonomy_terms"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "products_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "consent_infos_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consent_infos"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "consent_info_revisions_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "consent_info_revisions"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organizations_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_attachments_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_attachments"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_benefits_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_benefits"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_contact_persons_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_contact_persons"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_faqs_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_faqs"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_fields_of_study_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_fields_of_study"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_gallery_images_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_gallery_images"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_industries_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_industries"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_locations_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_locations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_occupations_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_occupations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_videos_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_videos"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "jobs_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "jobs"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "job_employment_types_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_employment_types"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "job_fields_of_study_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_fields_of_study"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "job_languages_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_languages"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "job_locations_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_locations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "job_occupational_fields_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_occupational_fields"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
--> statement-breakpoint
CREATE TRIGGER "job_skills_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_skills"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
