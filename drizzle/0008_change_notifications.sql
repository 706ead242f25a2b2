CREATE INDEX "review_reports_reporter_idx" ON "review_reports" USING btree ("reporter_id");--> statement-breakpoint
-- Every change to what the server keeps in memory (sessions, accounts, tutors, reviews, reports,
-- settings) is announced once per transaction, after COMMIT, to every instance listening.
CREATE FUNCTION "announce_data_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tutorly_data_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "announce_data_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "announce_data_change"();--> statement-breakpoint
CREATE TRIGGER "tutors_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tutors" FOR EACH STATEMENT EXECUTE FUNCTION "announce_data_change"();--> statement-breakpoint
CREATE TRIGGER "reviews_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews" FOR EACH STATEMENT EXECUTE FUNCTION "announce_data_change"();--> statement-breakpoint
CREATE TRIGGER "review_reports_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review_reports" FOR EACH STATEMENT EXECUTE FUNCTION "announce_data_change"();--> statement-breakpoint
CREATE TRIGGER "settings_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "announce_data_change"();
