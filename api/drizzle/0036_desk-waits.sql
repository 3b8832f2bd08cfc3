ALTER TABLE "calls" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calls" ADD COLUMN "person_answered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "calls_account_queued_idx" ON "calls" USING btree ("account_id","queued_at") WHERE "calls"."queued_at" is not null;