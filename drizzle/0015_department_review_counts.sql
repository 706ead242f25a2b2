ALTER TABLE "department_tutor_counts" ADD COLUMN "public_review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "department_tutor_counts" ADD CONSTRAINT "department_tutor_counts_reviews_nonnegative" CHECK ("department_tutor_counts"."public_review_count" >= 0);--> statement-breakpoint
UPDATE "department_tutor_counts" SET "public_review_count" = "summed"."reviews"
FROM (SELECT "department", sum("review_count")::integer AS "reviews" FROM "tutors" WHERE "is_public" GROUP BY "department") AS "summed"
WHERE "summed"."department" = "department_tutor_counts"."department";--> statement-breakpoint
DROP TRIGGER "tutors_keep_department_counts" ON "tutors";--> statement-breakpoint
DROP FUNCTION "tutors_keep_department_counts"();--> statement-breakpoint
DROP FUNCTION "count_public_tutor"(text, integer);--> statement-breakpoint
-- Moves a department's counts by this many public tutors and visible reviews; a department
-- left without public tutors loses its row.
CREATE FUNCTION "count_public_tutors"("of_department" text, "tutors_by" integer, "reviews_by" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "tutors_by" > 0 THEN
    INSERT INTO "department_tutor_counts" ("department", "public_tutor_count", "public_review_count")
    VALUES ("of_department", "tutors_by", "reviews_by")
    ON CONFLICT ("department") DO UPDATE SET
      "public_tutor_count" = "department_tutor_counts"."public_tutor_count" + "tutors_by",
      "public_review_count" = "department_tutor_counts"."public_review_count" + "reviews_by";
  ELSE
    UPDATE "department_tutor_counts" SET
      "public_tutor_count" = "public_tutor_count" + "tutors_by",
      "public_review_count" = "public_review_count" + "reviews_by"
    WHERE "department" = "of_department" AND "public_tutor_count" + "tutors_by" > 0;
    IF NOT FOUND THEN
      DELETE FROM "department_tutor_counts" WHERE "department" = "of_department";
    END IF;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "tutors_keep_department_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."is_public" = NEW."is_public" AND OLD."department" = NEW."department" THEN
    -- A review added, hidden or deleted: the public tutor's department gains or loses it.
    IF NEW."is_public" AND OLD."review_count" <> NEW."review_count" THEN
      PERFORM "count_public_tutors"(NEW."department", 0, NEW."review_count" - OLD."review_count");
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."is_public" THEN
    PERFORM "count_public_tutors"(OLD."department", -1, -OLD."review_count");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."is_public" THEN
    PERFORM "count_public_tutors"(NEW."department", 1, NEW."review_count");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Only the columns it counts by: a review's update of a tutor's sum and distribution alone does not fire it.
CREATE TRIGGER "tutors_keep_department_counts"
AFTER INSERT OR DELETE OR UPDATE OF "is_public", "department", "review_count" ON "tutors"
FOR EACH ROW EXECUTE FUNCTION "tutors_keep_department_counts"();
