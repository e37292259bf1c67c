-- A title's genres beside it, as an array: a list filtered by genre checks the row it already
-- reads instead of looking up title_genres for each candidate. Counting a genre-and-year list
-- at 100,000 titles was ~7,000 index lookups (~50 ms cold, the load test's tail). title_genres
-- stays the source of truth; the statement triggers below keep the copy, whoever writes (the
-- importer, the panel, a genre deleted with its rows).
ALTER TABLE "titles" ADD COLUMN IF NOT EXISTS "genre_ids" integer[] DEFAULT '{}'::int[] NOT NULL;
--> statement-breakpoint
UPDATE "titles" t SET "genre_ids" = g.ids
  FROM (SELECT title_id, array_agg(genre_id ORDER BY genre_id) AS ids FROM title_genres GROUP BY title_id) g
 WHERE g.title_id = t.id;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "titles_genre_ids_idx" ON "titles" USING gin ("genre_ids") WITH (fastupdate = off);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION titles_sync_genre_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each statement's changed rows arrive as a transition table: one UPDATE per statement, however many rows.
  IF TG_OP = 'INSERT' THEN
    UPDATE titles t SET genre_ids = coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.genre_id) FROM title_genres tg WHERE tg.title_id = t.id), '{}')
     WHERE t.id IN (SELECT DISTINCT title_id FROM tg_new);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE titles t SET genre_ids = coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.genre_id) FROM title_genres tg WHERE tg.title_id = t.id), '{}')
     WHERE t.id IN (SELECT DISTINCT title_id FROM tg_old);
  ELSE
    UPDATE titles t SET genre_ids = coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.genre_id) FROM title_genres tg WHERE tg.title_id = t.id), '{}')
     WHERE t.id IN (SELECT title_id FROM tg_new UNION SELECT title_id FROM tg_old);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "title_genres_sync_insert" ON "title_genres";
--> statement-breakpoint
CREATE TRIGGER "title_genres_sync_insert" AFTER INSERT ON "title_genres" REFERENCING NEW TABLE AS tg_new FOR EACH STATEMENT EXECUTE FUNCTION titles_sync_genre_ids();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "title_genres_sync_delete" ON "title_genres";
--> statement-breakpoint
CREATE TRIGGER "title_genres_sync_delete" AFTER DELETE ON "title_genres" REFERENCING OLD TABLE AS tg_old FOR EACH STATEMENT EXECUTE FUNCTION titles_sync_genre_ids();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "title_genres_sync_update" ON "title_genres";
--> statement-breakpoint
CREATE TRIGGER "title_genres_sync_update" AFTER UPDATE ON "title_genres" REFERENCING OLD TABLE AS tg_old NEW TABLE AS tg_new FOR EACH STATEMENT EXECUTE FUNCTION titles_sync_genre_ids();
