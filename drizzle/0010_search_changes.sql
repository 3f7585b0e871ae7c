-- Issue 13, "live in search": the in-memory job index (decision 0008) catches up with a write instead of
-- being rebuilt. Every statement that bumps search_revision (migration 0005) also says here what it
-- changed, tagged with the revision it bumped to: the jobs (by id), the organizations whose industries
-- changed, or NULL in both for "anything" (taxonomy terms, organization names: the index is rebuilt). The
-- triggers below are named after the bumping ones, so they fire after them in the same statement (triggers
-- of one event fire in name order) and read the revision this transaction holds locked until it commits.
-- A reader that sees revision R has seen every change tagged up to R. The recurring task
-- (src/server/job-runner) deletes rows older than an hour and remembers up to which revision in
-- pruned_through: an index older than that is rebuilt.
CREATE TABLE "search_changes" (
	"revision" bigint NOT NULL,
	"job_id" integer,
	"organization_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_revision_idx" ON "search_changes" USING btree ("revision");
--> statement-breakpoint
CREATE INDEX "search_changes_created_at_idx" ON "search_changes" USING btree ("created_at");
--> statement-breakpoint
ALTER TABLE "search_revision" ADD COLUMN "pruned_through" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Above this many rows in one statement (the seed, a bulk import) one "anything" row replaces them.
CREATE FUNCTION "log_search_job_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	tagged bigint := (SELECT "revision" FROM "search_revision");
	ids integer[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		EXECUTE format('SELECT array_agg(DISTINCT %I) FROM "new_rows"', TG_ARGV[0]) INTO ids;
	ELSIF TG_OP = 'UPDATE' THEN
		EXECUTE format('SELECT array_agg(DISTINCT x) FROM (SELECT %1$I AS x FROM "new_rows" UNION SELECT %1$I FROM "old_rows") c',
			TG_ARGV[0]) INTO ids;
	ELSE
		EXECUTE format('SELECT array_agg(DISTINCT %I) FROM "old_rows"', TG_ARGV[0]) INTO ids;
	END IF;
	IF ids IS NULL THEN
		RETURN NULL;
	ELSIF cardinality(ids) > 1000 THEN
		INSERT INTO "search_changes" ("revision") VALUES (tagged);
	ELSIF TG_ARGV[0] = 'organization_id' THEN
		INSERT INTO "search_changes" ("revision", "organization_id") SELECT tagged, unnest(ids);
	ELSE
		INSERT INTO "search_changes" ("revision", "job_id") SELECT tagged, unnest(ids);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "log_search_change_of_anything"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_changes" ("revision") SELECT "revision" FROM "search_revision";
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- Per table of the job search: the column naming what changed, and four triggers (transition tables need
-- one event each; TRUNCATE has no rows).
DO $$
DECLARE
	logged record;
BEGIN
	FOR logged IN SELECT * FROM (VALUES ('jobs', 'id'), ('job_locations', 'job_id'), ('job_employment_types', 'job_id'),
		('job_occupational_fields', 'job_id'), ('organization_industries', 'organization_id')) AS t (name, key)
	LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows" '
			'FOR EACH STATEMENT EXECUTE FUNCTION "log_search_job_changes"(%L)', logged.name || '_search_revision_log_insert',
			logged.name, logged.key);
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" '
			'FOR EACH STATEMENT EXECUTE FUNCTION "log_search_job_changes"(%L)', logged.name || '_search_revision_log_update',
			logged.name, logged.key);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows" '
			'FOR EACH STATEMENT EXECUTE FUNCTION "log_search_job_changes"(%L)', logged.name || '_search_revision_log_delete',
			logged.name, logged.key);
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "log_search_change_of_anything"()',
			logged.name || '_search_revision_log_truncate', logged.name);
	END LOOP;
END
$$;
--> statement-breakpoint
-- A new organization has no published job yet (its name is read with its first one): nothing to log.
CREATE TRIGGER "organizations_search_revision_log_change" AFTER UPDATE OF "name" OR DELETE OR TRUNCATE ON "organizations"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_search_change_of_anything"();
--> statement-breakpoint
CREATE TRIGGER "taxonomy_terms_search_revision_log_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "taxonomy_terms"
	FOR EACH STATEMENT EXECUTE FUNCTION "log_search_change_of_anything"();
