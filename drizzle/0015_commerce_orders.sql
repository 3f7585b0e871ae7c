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