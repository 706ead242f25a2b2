CREATE TABLE "campus_pending_links" (
	"browser_secret_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"protocol" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email_at_link" text,
	"credential_epoch" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campus_sign_in_attempts" ADD COLUMN "credential_epoch" integer;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "credential_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD COLUMN "sent_to" text;--> statement-breakpoint
ALTER TABLE "campus_pending_links" ADD CONSTRAINT "campus_pending_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campus_pending_links_expires_at_idx" ON "campus_pending_links" USING btree ("expires_at");