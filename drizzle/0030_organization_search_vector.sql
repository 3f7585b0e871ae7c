-- The organization search's vector stored (issue 15): ranking recomputed it from each match's HTML. The
-- expression index of 0021_orgs_custom gives way to one on the column, under the same name.
DROP INDEX IF EXISTS "organizations_search_vector_idx";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('german'::regconfig, coalesce(name, '') || ' ' || coalesce(alternative_name, '')), 'A') || setweight(to_tsvector('german'::regconfig, regexp_replace(coalesce(presentation, ''), '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g')), 'D')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "organizations_search_vector_idx" ON "organizations" USING gin ("search_vector");