CREATE TABLE "collection_titles" (
	"collection_id" integer NOT NULL,
	"title_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "collection_titles_collection_id_title_id_pk" PRIMARY KEY("collection_id","title_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_fa" text NOT NULL,
	"title_en" text NOT NULL,
	"description_fa" text,
	"listing" text DEFAULT 'grid' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_fa" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credits" (
	"title_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"role" text NOT NULL,
	"character" text,
	"billing" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "credits_title_id_person_id_role_pk" PRIMARY KEY("title_id","person_id","role")
);
--> statement-breakpoint
CREATE TABLE "dubs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_id" integer NOT NULL,
	"studio" text NOT NULL,
	"language" text DEFAULT 'fa' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "episodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"imdb_id" text NOT NULL,
	"title_id" integer NOT NULL,
	"season_number" smallint NOT NULL,
	"episode_number" smallint NOT NULL,
	"name_en" text,
	"name_fa" text,
	"year" smallint,
	"runtime" smallint,
	"rating" real,
	"votes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "episodes_imdbId_unique" UNIQUE("imdb_id")
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fa" text NOT NULL,
	CONSTRAINT "genres_slug_unique" UNIQUE("slug"),
	CONSTRAINT "genres_nameEn_unique" UNIQUE("name_en")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" text PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_fa" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_id" integer NOT NULL,
	"episode_id" integer,
	"season_number" smallint,
	"episode_number" smallint,
	"quality" text NOT NULL,
	"size_mb" integer NOT NULL,
	"codec" text NOT NULL,
	"source" text NOT NULL,
	"dub_id" integer,
	"subtitles" text[] DEFAULT '{}'::text[] NOT NULL,
	"duration_sec" integer
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" serial PRIMARY KEY NOT NULL,
	"imdb_id" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fa" text,
	"slug" text NOT NULL,
	"birth_year" smallint,
	"death_year" smallint,
	"bio_fa" text,
	"bio_en" text,
	"professions" text[] DEFAULT '{}'::text[] NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"best_starred_id" integer,
	"best_directed_id" integer,
	"word_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	CONSTRAINT "people_imdbId_unique" UNIQUE("imdb_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"title_votes" integer DEFAULT 0 NOT NULL,
	"title_count" integer DEFAULT 0 NOT NULL,
	"person_popularity" integer DEFAULT 0 NOT NULL,
	"person_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_words_word_unique" UNIQUE("word")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"title_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"year" smallint
);
--> statement-breakpoint
CREATE TABLE "slideshow_picks" (
	"title_id" integer NOT NULL,
	"placement" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "slideshow_picks_placement_title_id_pk" PRIMARY KEY("placement","title_id")
);
--> statement-breakpoint
CREATE TABLE "title_countries" (
	"title_id" integer NOT NULL,
	"country_code" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "title_countries_title_id_country_code_pk" PRIMARY KEY("title_id","country_code")
);
--> statement-breakpoint
CREATE TABLE "title_genres" (
	"title_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "title_genres_title_id_genre_id_pk" PRIMARY KEY("title_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "title_languages" (
	"title_id" integer NOT NULL,
	"language_code" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "title_languages_title_id_language_code_pk" PRIMARY KEY("title_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "titles" (
	"id" serial PRIMARY KEY NOT NULL,
	"imdb_id" text NOT NULL,
	"type" text NOT NULL,
	"imdb_type" text NOT NULL,
	"title_en" text NOT NULL,
	"title_fa" text,
	"title_original" text,
	"slug" text NOT NULL,
	"year" smallint,
	"end_year" smallint,
	"runtime" smallint,
	"plot_fa" text,
	"plot_en" text,
	"age_rating" text,
	"release_date" date,
	"rating" real,
	"votes" integer DEFAULT 0 NOT NULL,
	"rt_meter" smallint,
	"rt_status" text,
	"has_dub" boolean DEFAULT false NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"coming_soon" boolean DEFAULT false NOT NULL,
	"expected_date" date,
	"trailer_youtube_id" text,
	"trailer_duration" integer,
	"word_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "titles_imdbId_unique" UNIQUE("imdb_id")
);
--> statement-breakpoint
ALTER TABLE "collection_titles" ADD CONSTRAINT "collection_titles_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_titles" ADD CONSTRAINT "collection_titles_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dubs" ADD CONSTRAINT "dubs_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "episodes" ADD CONSTRAINT "episodes_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_episode_id_episodes_id_fk" FOREIGN KEY ("episode_id") REFERENCES "public"."episodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_dub_id_dubs_id_fk" FOREIGN KEY ("dub_id") REFERENCES "public"."dubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slideshow_picks" ADD CONSTRAINT "slideshow_picks_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_countries" ADD CONSTRAINT "title_countries_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_countries" ADD CONSTRAINT "title_countries_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_genres" ADD CONSTRAINT "title_genres_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_genres" ADD CONSTRAINT "title_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_languages" ADD CONSTRAINT "title_languages_title_id_titles_id_fk" FOREIGN KEY ("title_id") REFERENCES "public"."titles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_languages" ADD CONSTRAINT "title_languages_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_titles_order_idx" ON "collection_titles" USING btree ("collection_id","position");--> statement-breakpoint
CREATE INDEX "credits_person_idx" ON "credits" USING btree ("person_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "dubs_title_studio_idx" ON "dubs" USING btree ("title_id","studio");--> statement-breakpoint
CREATE INDEX "episodes_title_idx" ON "episodes" USING btree ("title_id","season_number","episode_number");--> statement-breakpoint
CREATE INDEX "media_files_title_idx" ON "media_files" USING btree ("title_id","season_number","episode_number");--> statement-breakpoint
CREATE INDEX "people_popularity_idx" ON "people" USING btree ("popularity" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "people_word_ids_idx" ON "people" USING gin ("word_ids");--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_title_number_idx" ON "seasons" USING btree ("title_id","number");--> statement-breakpoint
CREATE INDEX "title_countries_country_idx" ON "title_countries" USING btree ("country_code","title_id");--> statement-breakpoint
CREATE INDEX "title_genres_genre_idx" ON "title_genres" USING btree ("genre_id","title_id");--> statement-breakpoint
CREATE INDEX "titles_votes_idx" ON "titles" USING btree ("votes" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "titles_type_votes_idx" ON "titles" USING btree ("type","votes" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "titles_year_idx" ON "titles" USING btree ("year");--> statement-breakpoint
CREATE INDEX "titles_rating_idx" ON "titles" USING btree ("rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "titles_word_ids_idx" ON "titles" USING gin ("word_ids");--> statement-breakpoint
CREATE INDEX "titles_coming_soon_idx" ON "titles" USING btree ("expected_date") WHERE "titles"."coming_soon";--> statement-breakpoint
CREATE INDEX "titles_dub_idx" ON "titles" USING btree ("votes" DESC NULLS LAST) WHERE "titles"."has_dub";