CREATE TABLE "organization_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"locale" text NOT NULL,
	"token_key" text NOT NULL,
	"invited_by_user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_invitations" ADD CONSTRAINT "organization_invitations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_invitations_pending_idx" ON "organization_invitations" USING btree ("organization_id","email") WHERE accepted_at is null and revoked_at is null;--> statement-breakpoint
-- Decision 0024: ownership is stored once, in organizations.owner_user_id. An organization without one takes
-- the member marked as owner (the first such, by user id), and every owner gets a membership row.
UPDATE "organizations" SET "owner_user_id" = (
	SELECT min("m"."user_id") FROM "organization_members" "m"
	WHERE "m"."organization_id" = "organizations"."id" AND "m"."is_owner"
) WHERE "owner_user_id" IS NULL;--> statement-breakpoint
INSERT INTO "organization_members" ("organization_id", "user_id")
	SELECT "id", "owner_user_id" FROM "organizations" WHERE "owner_user_id" IS NOT NULL
	ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "organization_members" DROP COLUMN "is_owner";