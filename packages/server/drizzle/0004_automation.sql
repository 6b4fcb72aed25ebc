CREATE TYPE "public"."automation_event_source" AS ENUM('webhook', 'reconcile');--> statement-breakpoint
CREATE TYPE "public"."trigger_run_status" AS ENUM('Scheduled', 'Running', 'Succeeded', 'Failed', 'Skipped', 'Cancelled');--> statement-breakpoint
CREATE TYPE "public"."run_step_kind" AS ENUM('Conditions', 'Action');--> statement-breakpoint
CREATE TYPE "public"."run_step_status" AS ENUM('Started', 'Succeeded', 'Failed', 'Skipped');--> statement-breakpoint
CREATE TYPE "public"."trigger_event" AS ENUM('JobIsCreated', 'JobStatusChanged', 'JobCategoryChanged', 'JobIsScheduled', 'JobCompleted', 'JobAddedToQueue', 'JobAddedToQuote', 'JobQuoteSent', 'JobQuoteApproved', 'JobInvoiceSent', 'JobInvoiceApproved', 'JobPaymentMade', 'ClientIsCreated', 'JobBadgesChanged', 'FormIsSubmitted');--> statement-breakpoint
CREATE TABLE "automation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"event" "trigger_event" NOT NULL,
	"occurrence_key" text NOT NULL,
	"job_uuid" text,
	"client_uuid" text,
	"form_response_uuid" text,
	"source" "automation_event_source" NOT NULL,
	"caused_by_run_id" uuid,
	"caused_by_trigger_id" uuid,
	"cascade_depth" integer DEFAULT 0 NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"matched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "run_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" "run_step_kind" NOT NULL,
	"action_id" text,
	"action_type" text,
	"status" "run_step_status" NOT NULL,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sm8_reconcile_cursors" (
	"vendor_id" uuid NOT NULL,
	"object" text NOT NULL,
	"last_edit_date" text NOT NULL,
	"reconciled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sm8_reconcile_cursors_vendor_id_object_pk" PRIMARY KEY("vendor_id","object")
);
--> statement-breakpoint
CREATE TABLE "sm8_snapshots" (
	"vendor_id" uuid NOT NULL,
	"object" text NOT NULL,
	"uuid" text NOT NULL,
	"data" jsonb NOT NULL,
	"edit_date" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sm8_snapshots_vendor_id_object_uuid_pk" PRIMARY KEY("vendor_id","object","uuid")
);
--> statement-breakpoint
CREATE TABLE "sm8_writes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"object" text NOT NULL,
	"uuid" text NOT NULL,
	"fields" jsonb NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"run_id" uuid NOT NULL,
	"trigger_id" uuid NOT NULL,
	"cascade_depth" integer NOT NULL,
	"written_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"trigger_id" uuid NOT NULL,
	"trigger_version" integer NOT NULL,
	"event_id" uuid NOT NULL,
	"event" "trigger_event" NOT NULL,
	"status" "trigger_run_status" NOT NULL,
	"job_uuid" text,
	"job_number" text,
	"client_uuid" text,
	"form_response_uuid" text,
	"cascade_depth" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"dispatched_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"trigger_id" uuid NOT NULL,
	"action_id" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"storage_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trigger_versions" (
	"trigger_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"saved_by_user_id" uuid,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trigger_versions_trigger_id_version_pk" PRIMARY KEY("trigger_id","version")
);
--> statement-breakpoint
CREATE TABLE "triggers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"event" "trigger_event" NOT NULL,
	"enabled" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "subscription_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "automation_events" ADD CONSTRAINT "automation_events_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "run_steps" ADD CONSTRAINT "run_steps_run_id_trigger_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."trigger_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sm8_reconcile_cursors" ADD CONSTRAINT "sm8_reconcile_cursors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sm8_snapshots" ADD CONSTRAINT "sm8_snapshots_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sm8_writes" ADD CONSTRAINT "sm8_writes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD CONSTRAINT "trigger_runs_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD CONSTRAINT "trigger_runs_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD CONSTRAINT "trigger_runs_event_id_automation_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."automation_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_attachments" ADD CONSTRAINT "trigger_attachments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_attachments" ADD CONSTRAINT "trigger_attachments_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_versions" ADD CONSTRAINT "trigger_versions_trigger_id_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_versions" ADD CONSTRAINT "trigger_versions_saved_by_user_id_users_id_fk" FOREIGN KEY ("saved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "triggers" ADD CONSTRAINT "triggers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_events_occurrence_unique" ON "automation_events" USING btree ("vendor_id","occurrence_key");--> statement-breakpoint
CREATE INDEX "automation_events_unmatched_idx" ON "automation_events" USING btree ("occurred_at") WHERE "automation_events"."matched_at" is null;--> statement-breakpoint
CREATE INDEX "run_steps_run_idx" ON "run_steps" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "sm8_writes_record_idx" ON "sm8_writes" USING btree ("vendor_id","object","uuid","written_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trigger_runs_trigger_event_unique" ON "trigger_runs" USING btree ("trigger_id","event_id");--> statement-breakpoint
CREATE INDEX "trigger_runs_vendor_created_idx" ON "trigger_runs" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "trigger_runs_status_due_idx" ON "trigger_runs" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "email_templates_vendor_idx" ON "email_templates" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "trigger_attachments_trigger_idx" ON "trigger_attachments" USING btree ("trigger_id");--> statement-breakpoint
CREATE INDEX "triggers_vendor_event_idx" ON "triggers" USING btree ("vendor_id","event","enabled");