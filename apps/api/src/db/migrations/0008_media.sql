CREATE TABLE "media_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title_id" integer NOT NULL,
	"episode_id" integer,
	"location" text DEFAULT 'data' NOT NULL,
	"duration_sec" real NOT NULL,
	"renditions" jsonb NOT NULL,
	"audio" jsonb NOT NULL,
	"subtitles" jsonb NOT NULL,
	"screenshots" smallint DEFAULT 0 NOT NULL,
	"intro_start_sec" real,
	"intro_end_sec" real,
	"total_bytes" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_assets_key_unique" UNIQUE("key"),
	CONSTRAINT "media_assets_location_check" CHECK ("media_assets"."location" IN ('data', 'seed'))
);
--> statement-breakpoint
CREATE TABLE "media_ingests" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" uuid,
	"title_id" integer NOT NULL,
	"episode_id" integer,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"error" text,
	"request" jsonb NOT NULL,
	"asset_id" integer,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"worker" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_ingests_status_check" CHECK ("media_ingests"."status" IN ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "media_ingests_progress_check" CHECK ("media_ingests"."progress" BETWEEN 0 AND 100)
);
--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_ingests" ADD CONSTRAINT "media_ingests_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_ingests" ADD CONSTRAINT "media_ingests_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_ingests" ADD CONSTRAINT "media_ingests_asset_id_media_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."media_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "media_assets_title_episode_idx" ON "media_assets" USING btree ("title_id",coalesce("episode_id", 0));--> statement-breakpoint
CREATE INDEX "media_ingests_title_idx" ON "media_ingests" USING btree ("title_id","created_at");