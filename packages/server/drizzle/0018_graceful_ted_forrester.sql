ALTER TABLE "vendors" ADD COLUMN "automations_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "automations_suspended_reason" text;