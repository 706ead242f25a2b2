ALTER TABLE "campus_sign_in_attempts" ADD COLUMN "credential_epoch" integer;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "credential_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "sent_to" text;