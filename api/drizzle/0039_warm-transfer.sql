ALTER TABLE "calls" ADD COLUMN "consult_agent_user_id" uuid;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "consult_leg_sid" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "consult_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_consult_agent_user_id_users_id_fk" FOREIGN KEY ("consult_agent_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;