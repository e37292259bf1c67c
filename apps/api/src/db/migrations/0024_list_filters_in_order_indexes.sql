-- Each order index of the home list (0022) carries the columns its filters read, so a page is
-- found in the index alone: the list asks for its page's ids first (catalogue.repository.ts
-- list()), walked in order with every filter checked in the index entry, and builds cards for
-- those 24 rows only. Before, a filter the order index did not hold (a genre with a type, say)
-- fetched each candidate's row from the table to check it: thousands of scattered reads for a
-- rare combination at IMDb's size. A count reads the same entries, never the table (VACUUM after
-- an import keeps the visibility map that index-only scans need).
DROP INDEX IF EXISTS "titles_votes_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "titles_votes_idx" ON "titles" USING btree ("votes" DESC NULLS LAST, "id") INCLUDE ("type", "year", "genre_ids", "published", "coming_soon", "has_dub", "is_free", "age_rating");
--> statement-breakpoint
DROP INDEX IF EXISTS "titles_year_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "titles_year_idx" ON "titles" USING btree ("year" DESC NULLS LAST, "votes" DESC NULLS FIRST, "id") INCLUDE ("type", "genre_ids", "published", "coming_soon", "has_dub", "is_free", "age_rating");
--> statement-breakpoint
DROP INDEX IF EXISTS "titles_rating_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "titles_rating_idx" ON "titles" USING btree ("rating" DESC NULLS LAST, "votes" DESC NULLS FIRST, "id") INCLUDE ("type", "year", "genre_ids", "published", "coming_soon", "has_dub", "is_free", "age_rating");
--> statement-breakpoint
DROP INDEX IF EXISTS "titles_created_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "titles_created_idx" ON "titles" USING btree ("created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST) INCLUDE ("type", "year", "genre_ids", "published", "coming_soon", "has_dub", "is_free", "age_rating");
