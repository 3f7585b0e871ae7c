-- Decision 0008: the in-memory job index is a copy of these tables at a known revision. Every statement
-- that changes what the search reads bumps the counter in its own transaction, so a reader sees the new
-- rows and the new revision together.
CREATE TABLE "search_revision" (
	"singleton" boolean PRIMARY KEY DEFAULT true CHECK ("singleton"),
	"revision" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "search_revision" ("singleton", "revision") VALUES (true, 1);
--> statement-breakpoint
CREATE FUNCTION "bump_search_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "search_revision" SET "revision" = "revision" + 1;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_search_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "jobs"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_revision"();
--> statement-breakpoint
CREATE TRIGGER "job_locations_search_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_locations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_revision"();
--> statement-breakpoint
CREATE TRIGGER "job_employment_types_search_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_employment_types"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_revision"();
--> statement-breakpoint
CREATE TRIGGER "job_occupational_fields_search_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "job_occupational_fields"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_revision"();
--> statement-breakpoint
CREATE TRIGGER "organization_industries_search_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organization_industries"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_revision"();
--> statement-breakpoint
CREATE TRIGGER "organizations_search_revision" AFTER INSERT OR UPDATE OF "name" OR DELETE OR TRUNCATE ON "organizations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_revision"();
--> statement-breakpoint
CREATE TRIGGER "taxonomy_terms_search_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "taxonomy_terms"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_search_revision"();
