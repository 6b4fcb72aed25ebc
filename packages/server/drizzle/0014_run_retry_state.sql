ALTER TABLE "trigger_runs" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD COLUMN "next_attempt_by" timestamp with time zone;