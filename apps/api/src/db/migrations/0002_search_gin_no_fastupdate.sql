DROP INDEX "people_word_ids_idx";--> statement-breakpoint
DROP INDEX "titles_word_ids_idx";--> statement-breakpoint
CREATE INDEX "people_word_ids_idx" ON "people" USING gin ("word_ids") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "titles_word_ids_idx" ON "titles" USING gin ("word_ids") WITH (fastupdate=false);