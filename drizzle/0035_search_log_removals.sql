-- Decision 0031: the job runner's archiving of expired jobs names every job it archived in search_changes,
-- however many, instead of one "anything" row above 1,000 (migration 0010). An expired job is already out of
-- every search by its expiry date, so for a copy of the index archiving it is a removal only: it catches up
-- from the list (reading none of those jobs back) instead of being rebuilt, which took 70–90 s at a million
-- jobs, the searches going to SQL meanwhile. The runner sets jobboard.search_removals in its transaction.
CREATE OR REPLACE FUNCTION "log_search_job_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	ELSIF cardinality(ids) > 1000 AND coalesce(current_setting('jobboard.search_removals', true), '') <> 'on' THEN
		INSERT INTO "search_changes" ("revision") VALUES (tagged);
	ELSIF TG_ARGV[0] = 'organization_id' THEN
		INSERT INTO "search_changes" ("revision", "organization_id") SELECT tagged, unnest(ids);
	ELSE
		INSERT INTO "search_changes" ("revision", "job_id") SELECT tagged, unnest(ids);
	END IF;
	RETURN NULL;
END
$$;
