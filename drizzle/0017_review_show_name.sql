-- Reviews are anonymous unless their author chooses otherwise: every review written so far becomes anonymous.
ALTER TABLE "reviews" ADD COLUMN "show_name" boolean DEFAULT false NOT NULL;
