-- `npm run import` is recorded in catalogue_imports as the panel's imports are, so operators see
-- every import in the panel (docs/decisions/0035-embedded-database-limit.md); the panel marks
-- the ones run from the command line. Earlier rows were all started from the panel.
ALTER TABLE "catalogue_imports" ADD COLUMN IF NOT EXISTS "source" text DEFAULT 'panel' NOT NULL;
--> statement-breakpoint
ALTER TABLE "catalogue_imports" DROP CONSTRAINT IF EXISTS "catalogue_imports_source_check";
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_source_check" CHECK ("source" IN ('panel', 'command'));
