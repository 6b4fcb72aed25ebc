CREATE TABLE "audit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid NOT NULL,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"vendor_id" uuid,
	"target_user_id" uuid,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "automations_suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "automations_suspended_reason" text;--> statement-breakpoint
CREATE INDEX "audit_entries_at_idx" ON "audit_entries" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_entries_vendor_at_idx" ON "audit_entries" USING btree ("vendor_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_target_user_at_idx" ON "audit_entries" USING btree ("target_user_id","at");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_at_idx" ON "audit_entries" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "trigger_runs_created_id_idx" ON "trigger_runs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trigger_runs_status_created_idx" ON "trigger_runs" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "trigger_runs_created_status_idx" ON "trigger_runs" USING btree ("created_at","status");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "webhook_inbox_received_idx" ON "webhook_inbox" USING btree ("received_at");