CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" IN ('percent', 'fixed')),
	CONSTRAINT "discount_codes_value_check" CHECK ("discount_codes"."value" > 0 AND ("discount_codes"."kind" <> 'percent' OR "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_used_check" CHECK ("discount_codes"."used_count" >= 0 AND ("discount_codes"."max_uses" IS NULL OR "discount_codes"."used_count" <= "discount_codes"."max_uses"))
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"discount_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_discount_code_id_user_id_pk" PRIMARY KEY("discount_code_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"giver_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"plan_id" integer,
	"plan_name" text NOT NULL,
	"days" integer NOT NULL,
	"recipient_email" text,
	"message" text,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "gift_codes_paymentId_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"kind" text NOT NULL,
	"plan_name" text NOT NULL,
	"days" integer NOT NULL,
	"base_amount" integer NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"discount_code_id" integer,
	"discount_code" text,
	"gateway" text NOT NULL,
	"authority" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"ref_id" text,
	"card_pan" text,
	"failure_code" text,
	"failure_reason" text,
	"gift_recipient_email" text,
	"gift_message" text,
	"verify_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" IN ('join', 'reserve', 'gift')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" IN ('pending', 'verifying', 'paid', 'failed', 'cancelled', 'expired')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" >= 0 AND "payments"."discount_amount" >= 0 AND "payments"."amount" = "payments"."base_amount" - "payments"."discount_amount"),
	CONSTRAINT "payments_days_check" CHECK ("payments"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"days" integer NOT NULL,
	"price" integer NOT NULL,
	"discounted_price" integer,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_days_check" CHECK ("plans"."days" BETWEEN 1 AND 3650),
	CONSTRAINT "plans_price_check" CHECK ("plans"."price" > 0),
	CONSTRAINT "plans_discounted_price_check" CHECK ("plans"."discounted_price" IS NULL OR ("plans"."discounted_price" > 0 AND "plans"."discounted_price" < "plans"."price"))
);
--> statement-breakpoint
CREATE TABLE "premium_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"plan_id" integer,
	"plan_name" text NOT NULL,
	"kind" text NOT NULL,
	"days" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"payment_id" integer,
	"gift_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_periods_paymentId_unique" UNIQUE("payment_id"),
	CONSTRAINT "premium_periods_giftId_unique" UNIQUE("gift_id"),
	CONSTRAINT "premium_periods_kind_check" CHECK ("premium_periods"."kind" IN ('join', 'reserve', 'gift')),
	CONSTRAINT "premium_periods_range_check" CHECK ("premium_periods"."ends_at" > "premium_periods"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"authority" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"callback_url" text NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"ref_id" text,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transactions_status_check" CHECK ("sandbox_transactions"."status" IN ('pending', 'approved', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_giver_id_users_id_fk" FOREIGN KEY ("giver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_redeemed_by_users_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_periods" ADD CONSTRAINT "premium_periods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_periods" ADD CONSTRAINT "premium_periods_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_periods" ADD CONSTRAINT "premium_periods_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_periods" ADD CONSTRAINT "premium_periods_gift_id_gift_codes_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gift_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_payment_idx" ON "discount_redemptions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "gift_codes_giver_idx" ON "gift_codes" USING btree ("giver_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_authority_idx" ON "payments" USING btree ("gateway","authority") WHERE "payments"."authority" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status","updated_at") WHERE "payments"."status" IN ('pending', 'verifying');--> statement-breakpoint
CREATE INDEX "premium_periods_user_idx" ON "premium_periods" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "premium_periods_ends_idx" ON "premium_periods" USING btree ("ends_at");