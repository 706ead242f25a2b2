CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"tutor_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"uploaded_by" uuid,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "tutors_public_idx";--> statement-breakpoint
DROP INDEX "tutors_status_idx";--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "normalized_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "average_rating" double precision GENERATED ALWAYS AS (case when review_count > 0 then rating_sum::double precision / review_count end) STORED;--> statement-breakpoint
-- Tutors stored before this migration: register their pictures and fill the search columns
-- (plain lower-casing here; the application strips accents on every later write).
INSERT INTO "uploads" ("key", "content_type", "width", "height", "bytes") SELECT DISTINCT "image_key", 'image/webp', 512, 512, 0 FROM "tutors" WHERE "image_key" IS NOT NULL ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "tutors" SET "normalized_name" = lower("name"), "search_text" = lower("name" || ' ' || "department" || ' ' || array_to_string("courses", ' '));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_recent_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_image_key_uploads_key_fk" FOREIGN KEY ("image_key") REFERENCES "public"."uploads"("key") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_tutor_visible_recent_idx" ON "reviews" USING btree ("tutor_id","created_at") WHERE "reviews"."is_hidden" = false;--> statement-breakpoint
CREATE INDEX "tutors_status_created_idx" ON "tutors" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tutors_image_key_idx" ON "tutors" USING btree ("image_key");--> statement-breakpoint
CREATE INDEX "tutors_department_idx" ON "tutors" USING btree ("department");--> statement-breakpoint
CREATE INDEX "tutors_public_rating_idx" ON "tutors" USING btree ("average_rating" desc nulls last,"review_count" desc,"normalized_name","id") WHERE "tutors"."is_public";--> statement-breakpoint
CREATE INDEX "tutors_public_reviews_idx" ON "tutors" USING btree ("review_count" desc,"average_rating" desc nulls last,"normalized_name","id") WHERE "tutors"."is_public";--> statement-breakpoint
CREATE INDEX "tutors_public_name_idx" ON "tutors" USING btree ("normalized_name","id") WHERE "tutors"."is_public";--> statement-breakpoint
CREATE INDEX "tutors_search_text_trgm_idx" ON "tutors" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tutors_normalized_name_trgm_idx" ON "tutors" USING gin ("normalized_name" gin_trgm_ops);