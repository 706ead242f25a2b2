CREATE TABLE "department_follows" (
	"user_id" uuid NOT NULL,
	"department" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "department_follows_user_id_department_pk" PRIMARY KEY("user_id","department")
);
--> statement-breakpoint
ALTER TABLE "moderation_log" RENAME TO "audit_log";--> statement-breakpoint
ALTER TABLE "audit_log" RENAME COLUMN "review_id" TO "target_id";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "moderation_log_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "moderation_log_tutor_id_tutors_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "moderation_log_subject_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "moderation_log_recent_idx";--> statement-breakpoint
DROP INDEX "moderation_log_review_idx";--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "purpose" text DEFAULT 'verify_email' NOT NULL;--> statement-breakpoint
-- Every entry so far was about a review.
ALTER TABLE "audit_log" ADD COLUMN "target_type" text DEFAULT 'review' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "target_type" DROP DEFAULT;--> statement-breakpoint
ALTER INDEX "moderation_log_pkey" RENAME TO "audit_log_pkey";--> statement-breakpoint
ALTER TABLE "department_follows" ADD CONSTRAINT "department_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "department_follows_department_idx" ON "department_follows" USING btree ("department");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_recent_idx" ON "audit_log" USING btree ("created_at" desc);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");