CREATE TYPE "public"."ai_client_provider" AS ENUM('OpenAI', 'Gemini', 'Claude', 'Elevenlabs', 'AssemblyAI', 'Deepgram', 'PlayHT', 'Amazon Polly');--> statement-breakpoint
CREATE TYPE "public"."ai_client_type" AS ENUM('AI Client', 'STT Client', 'TTS Client');--> statement-breakpoint
CREATE TABLE "ai_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" "ai_client_type" NOT NULL,
	"provider" "ai_client_provider" NOT NULL,
	"model" text NOT NULL,
	"purpose" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"credentials_ciphertext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"changes" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_audit_log" ADD CONSTRAINT "account_audit_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_clients_created_idx" ON "ai_clients" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "ai_clients_type_enabled_idx" ON "ai_clients" USING btree ("type","enabled");--> statement-breakpoint
CREATE INDEX "account_audit_log_account_at_idx" ON "account_audit_log" USING btree ("account_id","at" DESC NULLS LAST);