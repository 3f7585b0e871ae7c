-- Issue 17: the in-memory resume index (src/server/search/resume-index.ts) is a copy of the resume search's
-- tables at a known revision, as the job index is of the job search's (migration 0005). Every statement
-- that changes what the resume search reads bumps this counter in its own transaction, so a reader sees the
-- new rows and the new revision together, and a copy older than the counter is built again.
CREATE TABLE "resume_search_revision" (
	"singleton" boolean PRIMARY KEY DEFAULT true CHECK ("singleton"),
	"revision" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "resume_search_revision" ("singleton", "revision") VALUES (true, 1);
--> statement-breakpoint
CREATE FUNCTION "bump_resume_search_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "resume_search_revision" SET "revision" = "revision" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "resumes_search_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resumes"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_resume_search_revision"();
--> statement-breakpoint
CREATE TRIGGER "resume_facet_links_search_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resume_facet_links"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_resume_search_revision"();
--> statement-breakpoint
CREATE TRIGGER "resume_facet_terms_search_revision" AFTER UPDATE OR DELETE OR TRUNCATE ON "resume_facet_terms"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_resume_search_revision"();
