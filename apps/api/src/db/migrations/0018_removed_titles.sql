-- A title deleted from the catalogue leaves its address behind: shared links and search engines
-- still ask for it. Hidden titles keep their row (published = false) and answer 404, as they may
-- come back; a deleted one is gone for good and answers 410, so crawlers drop it at once
-- (docs/decisions/0028-addresses-that-are-gone.md). The trigger records every deletion, whoever
-- deletes (the panel's delete, any later removal by an import), in the same transaction.
CREATE TABLE IF NOT EXISTS "removed_titles" (
  "id" integer PRIMARY KEY NOT NULL,
  "imdb_id" text NOT NULL,
  "removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "removed_titles_imdb_idx" ON "removed_titles" ("imdb_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION titles_record_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO removed_titles (id, imdb_id) SELECT id, imdb_id FROM tt_old
    ON CONFLICT (id) DO UPDATE SET removed_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "titles_record_removed" ON "titles";
--> statement-breakpoint
CREATE TRIGGER "titles_record_removed" AFTER DELETE ON "titles"
  REFERENCING OLD TABLE AS tt_old FOR EACH STATEMENT EXECUTE FUNCTION titles_record_removed();
