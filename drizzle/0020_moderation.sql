CREATE TABLE "deleted_reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tutor_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"review" jsonb NOT NULL,
	"deleted_by" uuid,
	"reason" text NOT NULL,
	"deleted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"tutor_id" uuid NOT NULL,
	"against" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"tutor_id" uuid NOT NULL,
	"author_id" uuid,
	"body" text NOT NULL,
	"screening_findings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flagged_at" timestamp with time zone,
	"held_at" timestamp with time zone,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_responses_held_is_hidden" CHECK ("review_responses"."held_at" is null or "review_responses"."is_hidden")
);
--> statement-breakpoint
CREATE TABLE "tutor_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tutor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tutor_review_summaries" (
	"tutor_id" uuid PRIMARY KEY NOT NULL,
	"sentences" jsonb NOT NULL,
	"review_ids" uuid[] NOT NULL,
	"review_count_at_generation" integer NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"stale_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "screening_findings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "deleted_reviews" ADD CONSTRAINT "deleted_reviews_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_reviews" ADD CONSTRAINT "deleted_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deleted_reviews" ADD CONSTRAINT "deleted_reviews_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_appeals" ADD CONSTRAINT "review_appeals_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_appeals" ADD CONSTRAINT "review_appeals_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_appeals" ADD CONSTRAINT "review_appeals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_responses" ADD CONSTRAINT "review_responses_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_responses" ADD CONSTRAINT "review_responses_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_responses" ADD CONSTRAINT "review_responses_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_responses" ADD CONSTRAINT "review_responses_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_claims" ADD CONSTRAINT "tutor_claims_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_claims" ADD CONSTRAINT "tutor_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_claims" ADD CONSTRAINT "tutor_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutor_review_summaries" ADD CONSTRAINT "tutor_review_summaries_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_reviews_author_idx" ON "deleted_reviews" USING btree ("author_id","deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_appeals_one_per_review" ON "review_appeals" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_appeals_pending_idx" ON "review_appeals" USING btree ("created_at") WHERE "review_appeals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "review_appeals_author_idx" ON "review_appeals" USING btree ("author_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_responses_one_per_review" ON "review_responses" USING btree ("review_id");--> statement-breakpoint
CREATE INDEX "review_responses_tutor_idx" ON "review_responses" USING btree ("tutor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tutor_claims_one_pending_per_user" ON "tutor_claims" USING btree ("tutor_id","user_id") WHERE "tutor_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "tutor_claims_pending_idx" ON "tutor_claims" USING btree ("created_at") WHERE "tutor_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "tutor_claims_user_idx" ON "tutor_claims" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_recent_idx" ON "audit_log" USING btree ("actor_id","created_at" desc);--> statement-breakpoint
CREATE INDEX "audit_log_action_recent_idx" ON "audit_log" USING btree ("action","created_at" desc);--> statement-breakpoint
CREATE INDEX "reviews_flagged_idx" ON "reviews" USING btree ("flagged_at") WHERE "reviews"."flagged_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tutors_claimed_by_key" ON "tutors" USING btree ("claimed_by");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_held_is_hidden" CHECK ("reviews"."held_at" is null or "reviews"."is_hidden");