DROP INDEX "search_words_prefix_idx";--> statement-breakpoint
DROP INDEX "search_words_trgm_idx";