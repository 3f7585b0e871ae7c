ALTER TABLE "organizations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_published_search_idx" ON "organizations" USING btree ("frontend","featured" DESC NULLS LAST,"name","id") WHERE published;