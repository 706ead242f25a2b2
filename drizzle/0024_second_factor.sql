CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "second_factor_challenges" (
	"session_token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "second_factor_challenges_session_token_hash_purpose_pk" PRIMARY KEY("session_token_hash","purpose")
);
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"totp_secret" text,
	"totp_last_step" integer,
	"passkey_credential_id" text,
	"passkey_public_key" text,
	"passkey_counter" integer,
	"passkey_transports" text[],
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "second_factors_kind_fields" CHECK (("second_factors"."kind" = 'totp' and "second_factors"."totp_secret" is not null) or ("second_factors"."kind" = 'passkey' and "second_factors"."passkey_credential_id" is not null and "second_factors"."passkey_public_key" is not null and "second_factors"."passkey_counter" is not null))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor" text DEFAULT 'not_asked' NOT NULL;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factor_challenges" ADD CONSTRAINT "second_factor_challenges_session_token_hash_sessions_token_hash_fk" FOREIGN KEY ("session_token_hash") REFERENCES "public"."sessions"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_user_code_key" ON "recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE INDEX "second_factors_user_id_idx" ON "second_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_passkey_credential_id_key" ON "second_factors" USING btree ("passkey_credential_id");--> statement-breakpoint
-- "Administrators must use a second factor" is on for new installations (the code's default) and
-- stored off for a site that already has accounts, whose administrators have none yet: they turn
-- it on when they are ready (decision 0030).
INSERT INTO "settings" ("key", "value") SELECT 'adminsMustUseSecondFactor', 'false'::jsonb WHERE EXISTS (SELECT 1 FROM "users") ON CONFLICT ("key") DO NOTHING;
