CREATE TABLE "credit_ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"frontend" text NOT NULL,
	"kind" text NOT NULL,
	"subscription_id" integer,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"note" text,
	"idempotency_key" text NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_entries_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "credit_ledger_entries_kind_check" CHECK ("credit_ledger_entries"."kind" in ('job_credits', 'resume_contacts')),
	CONSTRAINT "credit_ledger_entries_reason_check" CHECK ("credit_ledger_entries"."reason" in ('purchase', 'grant', 'correction', 'job_publish', 'contact_request', 'refund', 'expiry')),
	CONSTRAINT "credit_ledger_entries_amount_check" CHECK ("credit_ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "credit_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"frontend" text NOT NULL,
	"reference" text NOT NULL,
	"subscription_id" integer,
	"entry_id" integer NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "credit_reservations_reference_unique" UNIQUE("reference"),
	CONSTRAINT "credit_reservations_state_check" CHECK ("credit_reservations"."state" in ('held', 'booked', 'released'))
);
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_status_check";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_slots_check";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "job_slots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "resume_contact_slots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing rows move onto the ledger before the in-place columns go (decision 0020): totals from the
-- product (or what was left, if more), the used slots and every balance as one opening entry each.
UPDATE "subscriptions" SET
  "job_slots" = greatest("subscriptions"."available_job_slots", "products"."job_slots"),
  "resume_contact_slots" = "subscriptions"."resume_contacts_total",
  "cancelled_at" = CASE WHEN "subscriptions"."status" = 'cancelled' THEN now() END
FROM "products" WHERE "products"."id" = "subscriptions"."product_id";--> statement-breakpoint
UPDATE "credit_balances" SET "type" = 'resume_contacts' WHERE "type" = 'resume_contact_credits';--> statement-breakpoint
INSERT INTO "credit_ledger_entries" ("organization_id", "frontend", "kind", "amount", "reason", "note", "idempotency_key")
SELECT "organization_id", "frontend", "type", "amount", 'grant', 'Opening balance', 'migration:balance:' || "id"
FROM "credit_balances" WHERE "amount" > 0 AND "type" IN ('job_credits', 'resume_contacts');--> statement-breakpoint
INSERT INTO "credit_ledger_entries" ("organization_id", "frontend", "kind", "subscription_id", "amount", "reason", "idempotency_key")
SELECT "organization_id", "frontend", 'job_credits', "id", "available_job_slots" - "job_slots", 'job_publish', 'migration:subscription:' || "id" || ':job_credits'
FROM "subscriptions" WHERE "job_slots" > "available_job_slots";--> statement-breakpoint
INSERT INTO "credit_ledger_entries" ("organization_id", "frontend", "kind", "subscription_id", "amount", "reason", "idempotency_key")
SELECT "organization_id", "frontend", 'resume_contacts', "id", "resume_contacts_available" - "resume_contact_slots", 'contact_request', 'migration:subscription:' || "id" || ':resume_contacts'
FROM "subscriptions" WHERE "resume_contact_slots" > "resume_contacts_available";--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger_entries" ADD CONSTRAINT "credit_ledger_entries_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD CONSTRAINT "credit_reservations_entry_id_credit_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."credit_ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_entries_organization_idx" ON "credit_ledger_entries" USING btree ("organization_id","frontend","kind","id");--> statement-breakpoint
CREATE INDEX "credit_ledger_entries_subscription_id_idx" ON "credit_ledger_entries" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_entries_reference_idx" ON "credit_ledger_entries" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "credit_ledger_entries_actor_user_id_idx" ON "credit_ledger_entries" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "credit_reservations_organization_id_idx" ON "credit_reservations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "credit_reservations_subscription_id_idx" ON "credit_reservations" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "credit_reservations_entry_id_idx" ON "credit_reservations" USING btree ("entry_id");--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "available_job_slots";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "resume_contacts_active";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "resume_contacts_available";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "resume_contacts_total";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_slots_check" CHECK ("subscriptions"."job_slots" >= 0 and "subscriptions"."resume_contact_slots" >= 0);