CREATE TABLE "tutor_search" (
	"tutor_id" uuid PRIMARY KEY NOT NULL,
	"is_public" boolean NOT NULL,
	"department" text NOT NULL,
	"normalized_name" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tutor_search" ADD CONSTRAINT "tutor_search_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "tutor_search" ("tutor_id", "is_public", "department", "normalized_name", "search_text")
SELECT "id", "is_public", "department", "normalized_name", "search_text" FROM "tutors";--> statement-breakpoint
DROP INDEX "tutors_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "tutors_normalized_name_trgm_idx";--> statement-breakpoint
-- The distinct letter pairs of a text: what a two-letter search word is looked up by, since
-- trigrams (pg_trgm) say nothing about words shorter than three letters.
CREATE FUNCTION "search_bigrams"("text" text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr("text", "at", 2)), '{}') FROM generate_series(1, length("text") - 1) AS "at"
$$;--> statement-breakpoint
CREATE INDEX "tutor_search_text_trgm_idx" ON "tutor_search" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tutor_search_name_trgm_idx" ON "tutor_search" USING gin ("normalized_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tutor_search_bigrams_idx" ON "tutor_search" USING gin (search_bigrams("search_text"));--> statement-breakpoint
-- tutor_search follows the tutor in the statement that writes it; its row goes with the tutor
-- (ON DELETE CASCADE). A review, which changes none of these columns, leaves it alone.
CREATE FUNCTION "tutors_keep_search"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "tutor_search" ("tutor_id", "is_public", "department", "normalized_name", "search_text")
    VALUES (NEW."id", NEW."is_public", NEW."department", NEW."normalized_name", NEW."search_text");
  ELSE
    UPDATE "tutor_search" SET
      "is_public" = NEW."is_public",
      "department" = NEW."department",
      "normalized_name" = NEW."normalized_name",
      "search_text" = NEW."search_text"
    WHERE "tutor_id" = NEW."id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tutors_add_search" AFTER INSERT ON "tutors"
FOR EACH ROW EXECUTE FUNCTION "tutors_keep_search"();--> statement-breakpoint
CREATE TRIGGER "tutors_keep_search" AFTER UPDATE OF "is_public", "department", "normalized_name", "search_text" ON "tutors"
FOR EACH ROW WHEN (
  OLD."is_public" IS DISTINCT FROM NEW."is_public" OR OLD."department" IS DISTINCT FROM NEW."department"
  OR OLD."normalized_name" IS DISTINCT FROM NEW."normalized_name" OR OLD."search_text" IS DISTINCT FROM NEW."search_text"
)
EXECUTE FUNCTION "tutors_keep_search"();
