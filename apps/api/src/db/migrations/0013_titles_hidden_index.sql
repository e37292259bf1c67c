-- The panel lists hidden (unpublished) titles, newest first: a few among a million, found by this
-- small partial index instead of a walk over the whole table. Public queries filter on
-- `published` beside the indexes they already use.
CREATE INDEX IF NOT EXISTS "titles_hidden_idx" ON "titles" USING btree ("id" DESC) WHERE NOT "titles"."published";
