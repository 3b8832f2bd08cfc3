ALTER TABLE "calls" ADD COLUMN "held_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "dialled_leg_sid" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "conference_sid" text;