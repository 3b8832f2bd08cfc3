CREATE TABLE "appointment_calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_event_id" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_calendar_events" (
	"id" text PRIMARY KEY NOT NULL,
	"calendar_key" text NOT NULL,
	"provider" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"start_local" text NOT NULL,
	"end_local" text NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_calendar_events" ADD CONSTRAINT "appointment_calendar_events_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_calendar_events" ADD CONSTRAINT "appointment_calendar_events_connection_id_integration_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."integration_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_calendar_events_appointment_connection_idx" ON "appointment_calendar_events" USING btree ("appointment_id","connection_id");--> statement-breakpoint
CREATE INDEX "appointment_calendar_events_connection_idx" ON "appointment_calendar_events" USING btree ("connection_id");--> statement-breakpoint
CREATE INDEX "local_calendar_events_calendar_idx" ON "local_calendar_events" USING btree ("calendar_key");