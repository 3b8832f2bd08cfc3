ALTER TABLE "calls" ADD COLUMN "supervisor_user_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "supervise_mode" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "supervised_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "supervisor_leg_sid" text;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_supervisor_user_id_users_id_fk" FOREIGN KEY ("supervisor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;