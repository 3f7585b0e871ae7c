-- The organization search's full text (issue 15): an expression index, so that rows never carry a vector.
-- The expression must stay the one of organizationSearchVectorOf('') in src/server/db/schema/users.ts.
CREATE INDEX IF NOT EXISTS "organizations_search_vector_idx" ON "organizations" USING gin ((setweight(to_tsvector('german'::regconfig, coalesce(name, '') || ' ' || coalesce(alternative_name, '')), 'A') || setweight(to_tsvector('german'::regconfig, regexp_replace(coalesce(presentation, ''), '<[^>]*>|&[#a-zA-Z0-9]+;', ' ', 'g')), 'D')));
