ALTER TYPE "public"."agent_status" ADD VALUE 'wrap-up' BEFORE 'away';--> statement-breakpoint
CREATE TABLE "desk_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"dispositions" jsonb NOT NULL,
	"wrap_up_seconds" integer DEFAULT 120 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "wrap_up_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "wrapped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "disposition" text;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "disposition_notes" text;--> statement-breakpoint
ALTER TABLE "desk_settings" ADD CONSTRAINT "desk_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_pending_wrap_up_idx" ON "calls" USING btree ("agent_user_id") WHERE "calls"."wrap_up_due_at" is not null and "calls"."wrapped_up_at" is null;