CREATE TABLE "catalogue_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"phase" text DEFAULT 'queued' NOT NULL,
	"percent" smallint DEFAULT 0 NOT NULL,
	"rows_read" bigint DEFAULT 0 NOT NULL,
	"bytes_read" bigint DEFAULT 0 NOT NULL,
	"bytes_total" bigint DEFAULT 0 NOT NULL,
	"files" jsonb NOT NULL,
	"counts" jsonb,
	"issues" integer DEFAULT 0 NOT NULL,
	"error" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"worker" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_imports_status_check" CHECK ("catalogue_imports"."status" IN ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "catalogue_imports_percent_check" CHECK ("catalogue_imports"."percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title_id" integer,
	"episode_id" integer,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"error" text,
	"ingest_id" integer,
	"import_id" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "media_uploads_kind_check" CHECK ("media_uploads"."kind" IN ('video', 'subtitle', 'dataset')),
	CONSTRAINT "media_uploads_status_check" CHECK ("media_uploads"."status" IN ('uploading', 'complete', 'rejected', 'used', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_ingest_id_media_ingests_id_fk" FOREIGN KEY ("ingest_id") REFERENCES "public"."media_ingests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_import_id_catalogue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalogue_imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_imports_created_idx" ON "catalogue_imports" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "media_uploads_kind_status_idx" ON "media_uploads" USING btree ("kind","status","created_at" DESC);--> statement-breakpoint
CREATE INDEX "media_uploads_title_idx" ON "media_uploads" USING btree ("title_id","episode_id");
