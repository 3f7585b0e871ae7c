ALTER TABLE "consent_records" ADD COLUMN "placement" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "method" text DEFAULT 'session' NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "token_key" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_records" ADD COLUMN "withdrawal_method" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_method_check" CHECK ("consent_records"."method" in ('session', 'email'));--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_withdrawal_check" CHECK (("consent_records"."withdrawn_at" is null) = ("consent_records"."withdrawal_method" is null));