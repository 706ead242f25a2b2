ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "last_active_at" = "latest"."at" FROM (SELECT "user_id", max("last_active_at") AS "at" FROM "sessions" GROUP BY "user_id") AS "latest" WHERE "latest"."user_id" = "users"."id";
