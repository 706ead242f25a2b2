CREATE TABLE "department_tutor_counts" (
	"department" text PRIMARY KEY NOT NULL,
	"public_tutor_count" integer NOT NULL,
	CONSTRAINT "department_tutor_counts_positive" CHECK ("department_tutor_counts"."public_tutor_count" > 0)
);
--> statement-breakpoint
INSERT INTO "department_tutor_counts" ("department", "public_tutor_count")
SELECT "department", count(*) FROM "tutors" WHERE "is_public" GROUP BY "department";--> statement-breakpoint
-- One tutor entering (+1) or leaving (-1) a department's public count; a count reaching 0 removes its row.
CREATE FUNCTION "count_public_tutor"("of_department" text, "by" integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF "by" > 0 THEN
    INSERT INTO "department_tutor_counts" ("department", "public_tutor_count") VALUES ("of_department", "by")
    ON CONFLICT ("department") DO UPDATE SET "public_tutor_count" = "department_tutor_counts"."public_tutor_count" + "by";
  ELSE
    UPDATE "department_tutor_counts" SET "public_tutor_count" = "public_tutor_count" + "by"
    WHERE "department" = "of_department" AND "public_tutor_count" + "by" > 0;
    IF NOT FOUND THEN
      DELETE FROM "department_tutor_counts" WHERE "department" = "of_department";
    END IF;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "tutors_keep_department_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."is_public" = NEW."is_public" AND OLD."department" = NEW."department" THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."is_public" THEN
    PERFORM "count_public_tutor"(OLD."department", -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."is_public" THEN
    PERFORM "count_public_tutor"(NEW."department", 1);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Only the columns it counts by: a review's update of a tutor's aggregates does not fire it.
CREATE TRIGGER "tutors_keep_department_counts"
AFTER INSERT OR DELETE OR UPDATE OF "is_public", "department" ON "tutors"
FOR EACH ROW EXECUTE FUNCTION "tutors_keep_department_counts"();
