-- An answered request can be reopened when the answer was wrong (a wrong title, a mistaken
-- decline). `revision` counts the answers taken back, so the next answer reaches the member as a
-- new notification instead of being taken for the first one again. `added_to_watchlist` says that
-- the answer itself put the title in the member's watchlist: taking the answer back removes that
-- entry and never one the member had added. Requests answered before this column existed keep
-- false, so their watchlist entries are left alone.
ALTER TABLE "content_requests" ADD COLUMN IF NOT EXISTS "revision" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "content_requests" ADD COLUMN IF NOT EXISTS "added_to_watchlist" boolean DEFAULT false NOT NULL;
