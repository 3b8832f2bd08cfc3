ALTER TYPE "public"."agent_status" ADD VALUE 'away' BEFORE 'offline';--> statement-breakpoint
ALTER TABLE "agent_statuses" ADD COLUMN "away_reason" text;--> statement-breakpoint
ALTER TABLE "agent_statuses" ADD COLUMN "status_since" timestamp with time zone DEFAULT now() NOT NULL;