CREATE TABLE "ranking_prior" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"mean" double precision NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ranking_prior_one_row" CHECK ("ranking_prior"."id")
);
--> statement-breakpoint
-- The mean of every visible review of a public tutor. A site without any has no row yet: its
-- tutors rank against the middle of the scale until the first refresh writes one.
INSERT INTO "ranking_prior" ("mean")
SELECT sum("rating_sum")::double precision / sum("review_count")
FROM "tutors" WHERE "is_public" HAVING sum("review_count") > 0;--> statement-breakpoint
DROP INDEX "tutors_public_rating_idx";--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "ranking_prior_mean" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "tutors" SET "ranking_prior_mean" = coalesce((SELECT "mean" FROM "ranking_prior"), 3);--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "ranking_score" double precision GENERATED ALWAYS AS (case when review_count > 0 then (rating_sum + 5 * ranking_prior_mean) / (review_count + 5) end) STORED;--> statement-breakpoint
CREATE INDEX "tutors_public_ranking_idx" ON "tutors" USING btree ("ranking_score" desc nulls last,"review_count" desc,"normalized_name","id") WHERE "tutors"."is_public";--> statement-breakpoint
-- A new tutor ranks against the prior every other tutor ranks against.
CREATE FUNCTION "tutors_take_ranking_prior"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."ranking_prior_mean" := coalesce((SELECT "mean" FROM "ranking_prior"), 3);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tutors_take_ranking_prior" BEFORE INSERT ON "tutors"
FOR EACH ROW EXECUTE FUNCTION "tutors_take_ranking_prior"();
