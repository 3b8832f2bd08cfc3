CREATE TABLE "integration_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"category" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"account_label" text,
	"credential" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "voice_id" text DEFAULT 'openai-alloy' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "text_client_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "stt_client_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "language" text DEFAULT 'en-US' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "transfer_number" text;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "knowledge" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "square_location_id" text;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "calendar_integration_id" uuid;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "max_call_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "record_calls" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "working_hours" jsonb;--> statement-breakpoint
ALTER TABLE "ai_agents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_account_provider_idx" ON "integration_connections" USING btree ("account_id","provider");--> statement-breakpoint
CREATE INDEX "integration_connections_account_idx" ON "integration_connections" USING btree ("account_id");