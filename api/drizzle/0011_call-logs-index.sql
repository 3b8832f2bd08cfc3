CREATE TABLE "account_call_counts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"outbound" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "calls_account_started_idx";--> statement-breakpoint
DROP INDEX "calls_agent_user_started_idx";--> statement-breakpoint
ALTER TABLE "account_call_counts" ADD CONSTRAINT "account_call_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calls_account_started_id_idx" ON "calls" USING btree ("account_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "calls_agent_user_started_id_idx" ON "calls" USING btree ("agent_user_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);