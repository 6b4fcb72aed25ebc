CREATE TABLE "event_outcomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"trigger_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"decided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"object" text NOT NULL,
	"record_uuid" text NOT NULL,
	"job_uuid" text,
	"client_uuid" text,
	"source" "automation_event_source" NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"observed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_outcomes" ADD CONSTRAINT "event_outcomes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_outcomes" ADD CONSTRAINT "event_outcomes_event_id_automation_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."automation_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_changes" ADD CONSTRAINT "record_changes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_outcomes_event_idx" ON "event_outcomes" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_outcomes_decided_idx" ON "event_outcomes" USING btree ("decided_at");--> statement-breakpoint
CREATE INDEX "record_changes_vendor_observed_idx" ON "record_changes" USING btree ("vendor_id","observed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "record_changes_vendor_job_observed_idx" ON "record_changes" USING btree ("vendor_id","job_uuid","observed_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "record_changes_observed_idx" ON "record_changes" USING btree ("observed_at");--> statement-breakpoint
CREATE INDEX "trigger_runs_event_idx" ON "trigger_runs" USING btree ("event_id");