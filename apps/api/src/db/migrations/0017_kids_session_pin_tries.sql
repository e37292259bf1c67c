-- Wrong PINs typed on a device that is in a kids profile (decision 26) are that session's, not the
-- profile's: a child guessing the main PIN to leave the kids profile locks only the kids device
-- out of it (per session and profile, five tries, 15 minutes), never the parent's own profile or
-- the management screens on the parent's devices. One row per kids session and profile tried.
CREATE TABLE IF NOT EXISTS "session_pin_tries" (
	"token_id" integer NOT NULL,
	"profile_id" integer NOT NULL,
	"failures" smallint DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	CONSTRAINT "session_pin_tries_token_id_profile_id_pk" PRIMARY KEY ("token_id","profile_id"),
	CONSTRAINT "session_pin_tries_failures_check" CHECK ("session_pin_tries"."failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "session_pin_tries" ADD CONSTRAINT "session_pin_tries_token_id_auth_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "session_pin_tries" ADD CONSTRAINT "session_pin_tries_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Deleting a profile removes its rows through the second key; this index serves that cascade.
CREATE INDEX IF NOT EXISTS "session_pin_tries_profile_idx" ON "session_pin_tries" USING btree ("profile_id");
