CREATE TABLE "businesses" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"industry_id" uuid,
	"website" text,
	"email" text,
	"phone_number" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"state_code" text,
	"postal_code" text,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;