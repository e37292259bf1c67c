-- A person's page ordered every credit by its title's year and votes (0023), which the credits did
-- not carry: each credit probed the titles' index, and a busy person read cold (the 4,000 busiest
-- at IMDb's size, 105–1,546 credits) took 138–163 ms at p99 under 10 connections. A credit now
-- carries its title's year and published flag, kept by the triggers below, and the person index
-- is ordered by them: a role's first page walks the index to the year its last title falls in,
-- and only those credits (that year's ties included) look at their titles' votes. A role's count
-- reads the index alone. Bulk writers (the importer) give both columns themselves; the insert
-- trigger fills them only when they are missing.
ALTER TABLE "credits" ADD COLUMN IF NOT EXISTS "title_year" smallint;
--> statement-breakpoint
ALTER TABLE "credits" ADD COLUMN IF NOT EXISTS "title_published" boolean;
--> statement-breakpoint
UPDATE "credits" c SET "title_year" = t."year", "title_published" = t."published" FROM "titles" t WHERE t."id" = c."title_id";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credits_take_title_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT t.year, t.published INTO NEW.title_year, NEW.title_published FROM titles t WHERE t.id = NEW.title_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS credits_title_order ON "credits";
--> statement-breakpoint
CREATE TRIGGER credits_title_order BEFORE INSERT ON "credits"
  FOR EACH ROW WHEN (NEW.title_published IS NULL) EXECUTE FUNCTION credits_take_title_order();
--> statement-breakpoint
DROP TRIGGER IF EXISTS credits_title_moved ON "credits";
--> statement-breakpoint
CREATE TRIGGER credits_title_moved BEFORE UPDATE OF "title_id" ON "credits"
  FOR EACH ROW WHEN (NEW.title_id IS DISTINCT FROM OLD.title_id) EXECUTE FUNCTION credits_take_title_order();
--> statement-breakpoint
-- A title's year or published flag changed (an operator, a daily import): its credits follow.
CREATE OR REPLACE FUNCTION titles_order_to_credits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE credits SET title_year = NEW.year, title_published = NEW.published WHERE title_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS titles_order_to_credits ON "titles";
--> statement-breakpoint
CREATE TRIGGER titles_order_to_credits AFTER UPDATE OF "year", "published" ON "titles"
  FOR EACH ROW WHEN (OLD.year IS DISTINCT FROM NEW.year OR OLD.published IS DISTINCT FROM NEW.published) EXECUTE FUNCTION titles_order_to_credits();
--> statement-breakpoint
-- The person index ordered as a role's titles are listed (the newest first), its entries carrying
-- what a page and a count read; it keeps its name, and still serves every lookup by person.
CREATE INDEX IF NOT EXISTS "credits_person_year_idx" ON "credits" USING btree ("person_id", "role", "title_year" DESC NULLS LAST, "title_id") INCLUDE ("character", "title_published");
--> statement-breakpoint
DROP INDEX IF EXISTS "credits_person_idx";
--> statement-breakpoint
ALTER INDEX "credits_person_year_idx" RENAME TO "credits_person_idx";
