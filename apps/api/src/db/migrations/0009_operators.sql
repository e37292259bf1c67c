ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'member' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "muted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" IN ('member', 'editor', 'admin'));--> statement-breakpoint
CREATE INDEX "users_staff_idx" ON "users" USING btree ("role") WHERE "users"."role" <> 'member';--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"request_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id" DESC);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id" DESC);--> statement-breakpoint
ALTER TABLE "titles" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "premium_periods" DROP CONSTRAINT "premium_periods_kind_check";--> statement-breakpoint
ALTER TABLE "premium_periods" ADD CONSTRAINT "premium_periods_kind_check" CHECK ("premium_periods"."kind" IN ('join', 'reserve', 'gift', 'grant'));--> statement-breakpoint
ALTER TABLE "premium_periods" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "premium_periods" ADD COLUMN "granted_by" integer;--> statement-breakpoint
ALTER TABLE "premium_periods" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "premium_periods" ADD CONSTRAINT "premium_periods_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ALTER COLUMN "giver_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_codes" ALTER COLUMN "payment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "issued_by" integer;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_origin_check" CHECK ("gift_codes"."payment_id" IS NOT NULL OR "gift_codes"."issued_by" IS NOT NULL);--> statement-breakpoint
CREATE TABLE "daily_counts" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_counts_day_metric_pk" PRIMARY KEY("day","metric")
);
--> statement-breakpoint
CREATE TABLE "search_misses" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_misses_day_query_pk" PRIMARY KEY("day","query")
);
