-- Household profiles (decision 21): up to five people share one account. Each has their own
-- watchlist, history and resume positions, likes, ratings, notification reads and player choices;
-- comments and payments stay with the account and are signed with the profile's name.
CREATE TABLE "profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"avatar" text DEFAULT 'sun' NOT NULL,
	"kids" boolean DEFAULT false NOT NULL,
	"main" boolean DEFAULT false NOT NULL,
	"slot" smallint NOT NULL,
	"pin_hash" text,
	"pin_failures" smallint DEFAULT 0 NOT NULL,
	"pin_locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_slot_check" CHECK ("profiles"."slot" BETWEEN 1 AND 5),
	CONSTRAINT "profiles_main_grown_up_check" CHECK (NOT ("profiles"."main" AND "profiles"."kids")),
	CONSTRAINT "profiles_pin_failures_check" CHECK ("profiles"."pin_failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Five slots per account, unique: a sixth profile cannot exist however many requests race.
CREATE UNIQUE INDEX "profiles_user_slot_idx" ON "profiles" USING btree ("user_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_main_idx" ON "profiles" USING btree ("user_id") WHERE "profiles"."main";--> statement-breakpoint
-- Every existing account gets its main profile, named after the account.
INSERT INTO "profiles" ("user_id", "name", "main", "slot") SELECT "id", left(btrim("name"), 20), true, 1 FROM "users";--> statement-breakpoint

-- The profile a session (a device) uses; null means the main one. A deleted profile's sessions fall back to it.
ALTER TABLE "auth_tokens" ADD COLUMN "profile_id" integer;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_profile_idx" ON "auth_tokens" USING btree ("profile_id") WHERE "auth_tokens"."profile_id" IS NOT NULL;--> statement-breakpoint

-- Watchlist: one per profile.
ALTER TABLE "watchlist_items" ADD COLUMN "profile_id" integer;--> statement-breakpoint
UPDATE "watchlist_items" w SET "profile_id" = p."id" FROM "profiles" p WHERE p."user_id" = w."user_id" AND p."main";--> statement-breakpoint
ALTER TABLE "watchlist_items" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" DROP CONSTRAINT "watchlist_items_user_id_title_id_pk";--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_profile_id_title_id_pk" PRIMARY KEY ("profile_id","title_id");--> statement-breakpoint
DROP INDEX "watchlist_items_user_added_idx";--> statement-breakpoint
CREATE INDEX "watchlist_items_profile_added_idx" ON "watchlist_items" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "watchlist_items_user_idx" ON "watchlist_items" USING btree ("user_id");--> statement-breakpoint

-- History and resume positions.
ALTER TABLE "watch_history" ADD COLUMN "profile_id" integer;--> statement-breakpoint
UPDATE "watch_history" h SET "profile_id" = p."id" FROM "profiles" p WHERE p."user_id" = h."user_id" AND p."main";--> statement-breakpoint
ALTER TABLE "watch_history" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_history" ADD CONSTRAINT "watch_history_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DROP INDEX "watch_history_user_title_episode_idx";--> statement-breakpoint
DROP INDEX "watch_history_user_updated_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "watch_history_profile_title_episode_idx" ON "watch_history" USING btree ("profile_id","title_id",coalesce("episode_id", 0));--> statement-breakpoint
CREATE INDEX "watch_history_profile_updated_idx" ON "watch_history" USING btree ("profile_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "watch_history_user_idx" ON "watch_history" USING btree ("user_id");--> statement-breakpoint

-- Likes: each profile is one voice in the title's count.
ALTER TABLE "title_likes" ADD COLUMN "profile_id" integer;--> statement-breakpoint
UPDATE "title_likes" l SET "profile_id" = p."id" FROM "profiles" p WHERE p."user_id" = l."user_id" AND p."main";--> statement-breakpoint
ALTER TABLE "title_likes" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "title_likes" ADD CONSTRAINT "title_likes_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_likes" DROP CONSTRAINT "title_likes_user_id_title_id_pk";--> statement-breakpoint
ALTER TABLE "title_likes" ADD CONSTRAINT "title_likes_profile_id_title_id_pk" PRIMARY KEY ("profile_id","title_id");--> statement-breakpoint
CREATE INDEX "title_likes_user_idx" ON "title_likes" USING btree ("user_id");--> statement-breakpoint

-- Ratings.
ALTER TABLE "title_ratings" ADD COLUMN "profile_id" integer;--> statement-breakpoint
UPDATE "title_ratings" r SET "profile_id" = p."id" FROM "profiles" p WHERE p."user_id" = r."user_id" AND p."main";--> statement-breakpoint
ALTER TABLE "title_ratings" ALTER COLUMN "profile_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "title_ratings" ADD CONSTRAINT "title_ratings_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_ratings" DROP CONSTRAINT "title_ratings_user_id_title_id_pk";--> statement-breakpoint
ALTER TABLE "title_ratings" ADD CONSTRAINT "title_ratings_profile_id_title_id_pk" PRIMARY KEY ("profile_id","title_id");--> statement-breakpoint
CREATE INDEX "title_ratings_user_idx" ON "title_ratings" USING btree ("user_id");--> statement-breakpoint

-- Notifications stay the account's; who has read them is per profile.
CREATE TABLE "notification_reads" (
	"profile_id" integer NOT NULL,
	"notification_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_profile_id_notification_id_pk" PRIMARY KEY("profile_id","notification_id")
);
--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_reads_notification_idx" ON "notification_reads" USING btree ("notification_id");--> statement-breakpoint
INSERT INTO "notification_reads" ("profile_id", "notification_id", "read_at")
  SELECT p."id", n."id", n."read_at" FROM "notifications" n JOIN "profiles" p ON p."user_id" = n."user_id" AND p."main" WHERE n."read_at" IS NOT NULL;--> statement-breakpoint

-- The player's choices: subtitle, size, data saver, quality; and the audio edition per title.
CREATE TABLE "profile_prefs" (
	"profile_id" integer PRIMARY KEY NOT NULL,
	"prefs" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_prefs" ADD CONSTRAINT "profile_prefs_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "profile_audio" (
	"profile_id" integer NOT NULL,
	"title_id" integer NOT NULL,
	"edition" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_audio_profile_id_title_id_pk" PRIMARY KEY("profile_id","title_id")
);
--> statement-breakpoint
ALTER TABLE "profile_audio" ADD CONSTRAINT "profile_audio_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_audio" ADD CONSTRAINT "profile_audio_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- Comments and payments stay with the account, signed with the profile's name (the account's for older ones).
ALTER TABLE "comments" ADD COLUMN "profile_name" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "profile_name" text;
