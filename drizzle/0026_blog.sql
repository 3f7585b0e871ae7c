DROP INDEX "blog_posts_slug_unique";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "frontend" text DEFAULT 'tagblatt' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "blog_posts_frontend_slug_unique" ON "blog_posts" USING btree ("frontend","slug");--> statement-breakpoint
CREATE INDEX "blog_posts_frontend_published_at_idx" ON "blog_posts" USING btree ("frontend","published_at" DESC NULLS LAST);