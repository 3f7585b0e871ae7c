-- Issue 19/15: the staff's home page picks show on the anonymous home page (page cache, decision 0015).
CREATE TRIGGER "home_picks_content_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "home_picks"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_revision"();
