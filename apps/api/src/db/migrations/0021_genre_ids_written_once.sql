-- titles.genre_ids is title_genres' copy (0015), kept by statement triggers. The importer now
-- writes the copy with the title itself, so the trigger rewrites only the rows whose copy differs:
-- before, a first import wrote each of IMDb's 1.2M kept titles twice (the insert, then the
-- trigger's update through every index of titles), for the same ids.
CREATE OR REPLACE FUNCTION titles_sync_genre_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each statement's changed rows arrive as a transition table: one UPDATE per statement, however many rows.
  IF TG_OP = 'INSERT' THEN
    UPDATE titles t SET genre_ids = x.ids
      FROM (SELECT d.title_id, coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.genre_id) FROM title_genres tg WHERE tg.title_id = d.title_id), '{}') AS ids
            FROM (SELECT DISTINCT title_id FROM tg_new) d) x
     WHERE t.id = x.title_id AND t.genre_ids IS DISTINCT FROM x.ids;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE titles t SET genre_ids = x.ids
      FROM (SELECT d.title_id, coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.genre_id) FROM title_genres tg WHERE tg.title_id = d.title_id), '{}') AS ids
            FROM (SELECT DISTINCT title_id FROM tg_old) d) x
     WHERE t.id = x.title_id AND t.genre_ids IS DISTINCT FROM x.ids;
  ELSE
    UPDATE titles t SET genre_ids = x.ids
      FROM (SELECT d.title_id, coalesce((SELECT array_agg(tg.genre_id ORDER BY tg.genre_id) FROM title_genres tg WHERE tg.title_id = d.title_id), '{}') AS ids
            FROM (SELECT title_id FROM tg_new UNION SELECT title_id FROM tg_old) d) x
     WHERE t.id = x.title_id AND t.genre_ids IS DISTINCT FROM x.ids;
  END IF;
  RETURN NULL;
END $$;
