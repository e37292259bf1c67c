-- A card's genres were a subquery per card: title_genres' index and rows, joined to genres, for
-- each of a page's ~24 titles (about a sixth of the home list's processor time at IMDb's size,
-- decision 48). titles.genre_ids (0015) now keeps the genres in their order on the title
-- (title_genres.position, the order a card shows them), so a card reads its genres from its own
-- row and the API names them from the genres it keeps. The list filters (`@>`, the GIN index)
-- do not look at the order.
CREATE OR REPLACE FUNCTION titles_sync_genre_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each statement's changed rows arrive as a transition table: one UPDATE per statement, however many rows.
  IF TG_OP = 'INSERT' THEN
    UPDATE titles t SET genre_ids = x.ids
      FROM (SELECT d.title_id, coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.position, tg.genre_id) FROM title_genres tg WHERE tg.title_id = d.title_id), '{}') AS ids
            FROM (SELECT DISTINCT title_id FROM tg_new) d) x
     WHERE t.id = x.title_id AND t.genre_ids IS DISTINCT FROM x.ids;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE titles t SET genre_ids = x.ids
      FROM (SELECT d.title_id, coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.position, tg.genre_id) FROM title_genres tg WHERE tg.title_id = d.title_id), '{}') AS ids
            FROM (SELECT DISTINCT title_id FROM tg_old) d) x
     WHERE t.id = x.title_id AND t.genre_ids IS DISTINCT FROM x.ids;
  ELSE
    UPDATE titles t SET genre_ids = x.ids
      FROM (SELECT d.title_id, coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.position, tg.genre_id) FROM title_genres tg WHERE tg.title_id = d.title_id), '{}') AS ids
            FROM (SELECT title_id FROM tg_new UNION SELECT title_id FROM tg_old) d) x
     WHERE t.id = x.title_id AND t.genre_ids IS DISTINCT FROM x.ids;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE "titles" t SET "genre_ids" = x.ids
  FROM (SELECT title_id, array_agg(genre_id ORDER BY position, genre_id) AS ids FROM title_genres GROUP BY title_id) x
 WHERE x.title_id = t.id AND t.genre_ids IS DISTINCT FROM x.ids;
