CREATE TABLE "admin_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "trigger_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD COLUMN "warnings_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD COLUMN "failure_cause" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "daily_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_notices" ADD CONSTRAINT "admin_notices_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_notices" ADD CONSTRAINT "admin_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_notices_user_created_idx" ON "admin_notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_entries_trigger_at_idx" ON "audit_entries" USING btree ("trigger_id","at");