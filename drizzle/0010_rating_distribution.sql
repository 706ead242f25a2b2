ALTER TABLE "tutors" ADD COLUMN "rating_1_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "rating_2_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "rating_3_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "rating_4_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "rating_5_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing tutors get the distribution of their visible reviews (what profiles counted on every request until now).
UPDATE "tutors" SET
  "rating_1_count" = d.c1, "rating_2_count" = d.c2, "rating_3_count" = d.c3, "rating_4_count" = d.c4, "rating_5_count" = d.c5
FROM (
  SELECT "tutor_id",
    count(*) FILTER (WHERE "rating" = 1)::int AS c1, count(*) FILTER (WHERE "rating" = 2)::int AS c2,
    count(*) FILTER (WHERE "rating" = 3)::int AS c3, count(*) FILTER (WHERE "rating" = 4)::int AS c4,
    count(*) FILTER (WHERE "rating" = 5)::int AS c5
  FROM "reviews" WHERE "is_hidden" = false GROUP BY "tutor_id"
) AS d
WHERE d."tutor_id" = "tutors"."id";--> statement-breakpoint
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_rating_distribution_agrees" CHECK ("tutors"."rating_1_count" >= 0 and "tutors"."rating_2_count" >= 0 and "tutors"."rating_3_count" >= 0 and "tutors"."rating_4_count" >= 0 and "tutors"."rating_5_count" >= 0
        and "tutors"."review_count" = "tutors"."rating_1_count" + "tutors"."rating_2_count" + "tutors"."rating_3_count" + "tutors"."rating_4_count" + "tutors"."rating_5_count"
        and "tutors"."rating_sum" = "tutors"."rating_1_count" + 2 * "tutors"."rating_2_count" + 3 * "tutors"."rating_3_count" + 4 * "tutors"."rating_4_count" + 5 * "tutors"."rating_5_count");