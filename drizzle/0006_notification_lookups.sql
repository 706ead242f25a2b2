DROP INDEX "department_follows_department_idx";--> statement-breakpoint
CREATE INDEX "department_follows_department_lower_idx" ON "department_follows" USING btree (lower("department"));--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id","created_at") WHERE "notifications"."read_at" is null;