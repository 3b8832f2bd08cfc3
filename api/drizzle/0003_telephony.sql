CREATE TABLE "dialer_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"ring_timeout_seconds" integer DEFAULT 30 NOT NULL,
	"record_calls" boolean DEFAULT true NOT NULL,
	"voicemail_audio" "bytea",
	"voicemail_mime_type" text,
	"voicemail_file_name" text,
	"voicemail_updated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telephony_receipts" (
	"sid" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telephony_receipts_sid_event_pk" PRIMARY KEY("sid","event")
);
--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "call_sid" text;--> statement-breakpoint
ALTER TABLE "dialer_settings" ADD CONSTRAINT "dialer_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_call_sid_key" ON "queue_entries" USING btree ("call_sid");