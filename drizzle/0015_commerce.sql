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
--> statement-breakpoint
CREATE TABLE "billing_profiles" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_net_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"job_credits" integer DEFAULT 0 NOT NULL,
	"resume_contact_credits" integer DEFAULT 0 NOT NULL,
	"job_slots" integer DEFAULT 0 NOT NULL,
	"resume_contact_slots" integer DEFAULT 0 NOT NULL,
	"duration_days" integer,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"organization_id" integer NOT NULL,
	"frontend" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"billing" jsonb NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"vat_rate_percent" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"payment_provider" text DEFAULT 'invoice' NOT NULL,
	"request_key" text NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"placed_by_user_id" integer,
	"confirmed_by_user_id" integer,
	"confirmed_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_request_key_unique" UNIQUE("request_key"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('requested', 'confirmed', 'fulfilled', 'cancelled')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."net_cents" >= 0 and "orders"."vat_cents" >= 0 and "orders"."gross_cents" = "orders"."net_cents" + "orders"."vat_cents")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "job_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "resume_contact_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "duration_days" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_id_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_id_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_organization_id_idx" ON "orders" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "orders_frontend_status_idx" ON "orders" USING btree ("frontend","status","id");--> statement-breakpoint
CREATE INDEX "orders_placed_by_user_id_idx" ON "orders" USING btree ("placed_by_user_id");--> statement-breakpoint
CREATE INDEX "orders_confirmed_by_user_id_idx" ON "orders" USING btree ("confirmed_by_user_id");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_line_id_unique" UNIQUE("order_line_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_credits_check" CHECK ("products"."job_credits" >= 0 and "products"."resume_contact_credits" >= 0 and ("products"."duration_days" is null or "products"."duration_days" > 0));
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"frontend" text NOT NULL,
	"locale" text NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"send_copy" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_due_idx" ON "contact_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "contact_messages_user_id_idx" ON "contact_messages" USING btree ("user_id");
