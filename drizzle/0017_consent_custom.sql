-- Issue 18: consents recorded before proof was kept. A record linked to an account was given in that
-- account's session (the only way the site linked one): proven when given. A record for an address alone
-- was given by anyone for any address: it stays unproven (it no longer counts for the address's owner), as
-- the fields of the new columns say. The placement is the info's.
UPDATE "consent_records" SET "verified_at" = "created_at" WHERE "user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "consent_records" SET "method" = 'email' WHERE "user_id" IS NULL;--> statement-breakpoint
UPDATE "consent_records" AS r SET "placement" = i."placement" FROM "consent_infos" AS i WHERE i."id" = r."info_id";
