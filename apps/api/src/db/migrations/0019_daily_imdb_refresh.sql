-- The daily IMDb refresh applies only what changed (docs/decisions/0033-daily-imdb-refresh.md).
-- A title IMDb no longer publishes leaves the site but keeps its row, so what members and
-- operators hung on it (watchlists, comments, requests, media) stays: the import hides it and
-- marks it. The mark is what lets the title come back by itself when IMDb publishes it again,
-- and only then: a title an operator hid carries no mark and stays hidden.
ALTER TABLE "titles" ADD COLUMN IF NOT EXISTS "removed_upstream_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "titles_removed_upstream_idx" ON "titles" USING btree ("id" DESC) WHERE "removed_upstream_at" IS NOT NULL;
--> statement-breakpoint
-- Which fingerprint set under DATA_DIR/imdb-state matches this catalogue: written in the
-- import's transaction, so a failed import, a restored backup or another database never compares
-- the next day's files with the wrong state.
CREATE TABLE IF NOT EXISTS "catalogue_fingerprints" (
  "id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
  "token" text NOT NULL,
  "manifest_sha256" text NOT NULL,
  "written_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "catalogue_fingerprints_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
-- The report of each panel import: full or daily (and why full), what changed per file, the
-- titles it took off the site with what hangs on them, the first row issues, how long it took.
ALTER TABLE "catalogue_imports" ADD COLUMN IF NOT EXISTS "mode" text;
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN IF NOT EXISTS "mode_reason" text;
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN IF NOT EXISTS "changes" jsonb;
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN IF NOT EXISTS "removed_titles" jsonb;
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN IF NOT EXISTS "issue_samples" jsonb;
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD COLUMN IF NOT EXISTS "seconds" real;
