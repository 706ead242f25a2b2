-- Counts by name (a tag, a course) as a jsonb object: every value a positive whole number.
-- PL/pgSQL rather than SQL: its plans are kept for the session, where an SQL function used in
-- a statement is planned again at every execution, which every review would pay for.
CREATE FUNCTION "review_counts_valid"(counts jsonb) RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  entry record;
BEGIN
  IF jsonb_typeof(counts) <> 'object' THEN
    RETURN false;
  END IF;
  FOR entry IN SELECT value FROM jsonb_each(counts) LOOP
    IF jsonb_typeof(entry.value) <> 'number' OR (entry.value #>> '{}')::numeric <= 0
      OR (entry.value #>> '{}')::numeric % 1 <> 0 THEN
      RETURN false;
    END IF;
  END LOOP;
  RETURN true;
END;
$$;--> statement-breakpoint
-- The counts with `delta` added for each name (a review's tags, its course; nulls skipped); a
-- count reaching 0 leaves the object, one below 0 stays for the check constraint to refuse.
CREATE FUNCTION "review_counts_add"(counts jsonb, names text[], delta integer) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  result jsonb := counts;
  name text;
  total integer;
BEGIN
  FOREACH name IN ARRAY names LOOP
    CONTINUE WHEN name IS NULL;
    total := coalesce((result ->> name)::integer, 0) + delta;
    IF total = 0 THEN
      result := result - name;
    ELSE
      result := jsonb_set(result, ARRAY[name], to_jsonb(total));
    END IF;
  END LOOP;
  RETURN result;
END;
$$;--> statement-breakpoint
CREATE TABLE "review_helpful_votes" (
	"review_id" uuid NOT NULL,
	"voter_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_helpful_votes_review_id_voter_id_pk" PRIMARY KEY("review_id","voter_id")
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "course" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "term_season" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "term_year" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "difficulty" smallint;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "would_take_again" boolean;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "helpful_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "difficulty_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "difficulty_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "would_take_again_yes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "would_take_again_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "review_tag_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "review_course_counts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "recent_since" timestamp with time zone DEFAULT (now() - interval '12 months') NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "recent_review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "recent_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_helpful_votes" ADD CONSTRAINT "review_helpful_votes_voter_id_users_id_fk" FOREIGN KEY ("voter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_helpful_votes_voter_idx" ON "review_helpful_votes" USING btree ("voter_id");--> statement-breakpoint
CREATE INDEX "reviews_tutor_visible_helpful_idx" ON "reviews" USING btree ("tutor_id","helpful_count" desc,"created_at" desc,"id" desc) WHERE "reviews"."is_hidden" = false;--> statement-breakpoint
CREATE INDEX "reviews_course_recent_idx" ON "reviews" USING btree (lower("course"),"created_at" desc,"id" desc) WHERE "reviews"."is_hidden" = false and "reviews"."course" is not null;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_difficulty_range" CHECK ("reviews"."difficulty" between 1 and 5);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_term_whole" CHECK (("reviews"."term_season" is null) = ("reviews"."term_year" is null));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tags_max" CHECK (cardinality("reviews"."tags") <= 3);--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_helpful_count_nonnegative" CHECK ("reviews"."helpful_count" >= 0);--> statement-breakpoint
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_review_details_agree" CHECK ("tutors"."difficulty_count" between 0 and "tutors"."review_count" and "tutors"."difficulty_sum" between "tutors"."difficulty_count" and 5 * "tutors"."difficulty_count"
        and "tutors"."would_take_again_count" between 0 and "tutors"."review_count" and "tutors"."would_take_again_yes_count" between 0 and "tutors"."would_take_again_count"
        and "tutors"."recent_review_count" between 0 and "tutors"."review_count" and "tutors"."recent_rating_sum" between "tutors"."recent_review_count" and 5 * "tutors"."recent_review_count"
        and review_counts_valid("tutors"."review_tag_counts") and review_counts_valid("tutors"."review_course_counts"));--> statement-breakpoint
-- Existing reviews say nothing of course, term, difficulty or tags; the recent count and sum start exact.
UPDATE "tutors" SET ("recent_review_count", "recent_rating_sum") = (
  SELECT count(*), coalesce(sum("rating"), 0) FROM "reviews"
  WHERE "reviews"."tutor_id" = "tutors"."id" AND NOT "reviews"."is_hidden" AND "reviews"."created_at" >= "tutors"."recent_since"
) WHERE "review_count" > 0;--> statement-breakpoint
-- A review's helpful count follows its votes, whichever way a vote comes or goes (a voter's account deleted included).
CREATE FUNCTION "review_helpful_votes_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "reviews" SET "helpful_count" = "helpful_count" + 1 WHERE "id" = NEW."review_id";
    RETURN NEW;
  END IF;
  UPDATE "reviews" SET "helpful_count" = "helpful_count" - 1 WHERE "id" = OLD."review_id";
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "review_helpful_votes_count" AFTER INSERT OR DELETE ON "review_helpful_votes"
FOR EACH ROW EXECUTE FUNCTION "review_helpful_votes_count"();
