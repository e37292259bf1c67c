ALTER TABLE "premium_periods" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "premium_periods_grant_key_idx" ON "premium_periods" USING btree ("user_id","idempotency_key") WHERE "premium_periods"."idempotency_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_issue_key_idx" ON "gift_codes" USING btree ("issued_by","idempotency_key") WHERE "gift_codes"."idempotency_key" IS NOT NULL;
