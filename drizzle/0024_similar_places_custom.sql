-- Issue 12: the similar jobs' nearest-first walk with the field and brand inside the index (decision 0011,
-- docs/scaling.md). job_similar_places holds one row per place and occupational field of every published job;
-- btree_gist lets one GiST index order by distance within one (field, brand), so the walk reads only places
-- that qualify. The rows are kept by the statement triggers below on the three tables they come from.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
-- Rewrites the rows of the given jobs from their current state: published jobs get one row per place and field.
CREATE FUNCTION "sync_job_similar_places"(ids integer[]) RETURNS void LANGUAGE sql AS $$
	DELETE FROM "job_similar_places" WHERE "job_id" = ANY (ids);
	INSERT INTO "job_similar_places" ("job_id", "term_id", "frontend", "published_at", "expires_at", "latitude", "longitude")
		SELECT j."id", f."term_id", j."frontend", j."published_at", j."expires_at", l."latitude", l."longitude"
		FROM "jobs" j
		JOIN "job_occupational_fields" f ON f."job_id" = j."id"
		JOIN "job_locations" l ON l."job_id" = j."id"
		WHERE j."id" = ANY (ids) AND j."state" = 'published';
$$;
--> statement-breakpoint
CREATE FUNCTION "job_similar_places_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids integer[];
BEGIN
	IF TG_TABLE_NAME = 'jobs' THEN
		-- Only what the rows carry: the state, the brand and the dates (deleted jobs cascade).
		SELECT array_agg(n."id") INTO ids FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
			WHERE (n."state", n."frontend", n."published_at", n."expires_at")
				IS DISTINCT FROM (o."state", o."frontend", o."published_at", o."expires_at");
	ELSIF TG_OP = 'INSERT' THEN
		SELECT array_agg(DISTINCT "job_id") INTO ids FROM "new_rows";
	ELSIF TG_OP = 'UPDATE' THEN
		SELECT array_agg(DISTINCT x) INTO ids FROM (SELECT "job_id" AS x FROM "new_rows" UNION SELECT "job_id" FROM "old_rows") c;
	ELSE
		SELECT array_agg(DISTINCT "job_id") INTO ids FROM "old_rows";
	END IF;
	IF ids IS NOT NULL THEN
		PERFORM "sync_job_similar_places"(ids);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_similar_places_update" AFTER UPDATE ON "jobs"
	REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
	FOR EACH STATEMENT EXECUTE FUNCTION "job_similar_places_sync"();
--> statement-breakpoint
-- The two tables a job's rows come from: three triggers each (transition tables need one event each).
DO $$
DECLARE
	source text;
BEGIN
	FOREACH source IN ARRAY ARRAY['job_locations', 'job_occupational_fields'] LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows" '
			'FOR EACH STATEMENT EXECUTE FUNCTION "job_similar_places_sync"()', source || '_similar_places_insert', source);
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" '
			'FOR EACH STATEMENT EXECUTE FUNCTION "job_similar_places_sync"()', source || '_similar_places_update', source);
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows" '
			'FOR EACH STATEMENT EXECUTE FUNCTION "job_similar_places_sync"()', source || '_similar_places_delete', source);
	END LOOP;
END
$$;
--> statement-breakpoint
-- All the rows again (the start, and TRUNCATE of a source table).
CREATE FUNCTION "refill_job_similar_places"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM "job_similar_places";
	INSERT INTO "job_similar_places" ("job_id", "term_id", "frontend", "published_at", "expires_at", "latitude", "longitude")
		SELECT j."id", f."term_id", j."frontend", j."published_at", j."expires_at", l."latitude", l."longitude"
		FROM "jobs" j
		JOIN "job_occupational_fields" f ON f."job_id" = j."id"
		JOIN "job_locations" l ON l."job_id" = j."id"
		WHERE j."state" = 'published';
$$;
--> statement-breakpoint
CREATE FUNCTION "job_similar_places_refill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "refill_job_similar_places"();
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "job_locations_similar_places_truncate" AFTER TRUNCATE ON "job_locations"
	FOR EACH STATEMENT EXECUTE FUNCTION "job_similar_places_refill"();
--> statement-breakpoint
CREATE TRIGGER "job_occupational_fields_similar_places_truncate" AFTER TRUNCATE ON "job_occupational_fields"
	FOR EACH STATEMENT EXECUTE FUNCTION "job_similar_places_refill"();
--> statement-breakpoint
-- The jobs there are now.
SELECT "refill_job_similar_places"();
--> statement-breakpoint
-- After the rows: one sorted build instead of a million insertions.
CREATE INDEX "job_similar_places_walk_idx" ON "job_similar_places"
	USING gist ("term_id", "frontend", ll_to_earth("latitude", "longitude"));
--> statement-breakpoint
-- The job runner archiving jobs whose expiry has come changes no anonymous page: each page already shows
-- them as expired since that moment (the page cache's time boundaries, src/server/page-cache). Its
-- transaction says so (apply-job-schedule.ts), and the revision stays, so at a million jobs (one expiry
-- every few seconds, each with its run) the cached pages are not all dropped at every run.
CREATE OR REPLACE FUNCTION "bump_content_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('jobboard.content_unchanged', true) = 'on' THEN
		RETURN NULL;
	END IF;
	UPDATE "content_revision" SET "revision" = "revision" + 1;
	RETURN NULL;
END
$$;
