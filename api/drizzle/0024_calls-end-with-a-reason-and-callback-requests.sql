CREATE TABLE "callback_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"call_id" uuid NOT NULL,
	"caller_name" text,
	"phone_number" text,
	"reason" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "end_reason" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "session_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_requests" ADD CONSTRAINT "callback_requests_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "callback_requests_call_id_key" ON "callback_requests" USING btree ("call_id");--> statement-breakpoint
CREATE INDEX "calls_unfinished_ai_idx" ON "calls" USING btree ("status","started_at") WHERE "calls"."ai_agent_id" is not null and "calls"."status" in ('ringing', 'in-progress');