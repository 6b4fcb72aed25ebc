CREATE TABLE "restore_baselines" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"backup_created_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "automation_events" ADD COLUMN "restored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trigger_runs" ADD COLUMN "restored_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "restore_baselines" ADD CONSTRAINT "restore_baselines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;