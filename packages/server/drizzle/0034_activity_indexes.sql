DROP INDEX "record_changes_vendor_observed_idx";--> statement-breakpoint
DROP INDEX "record_changes_vendor_job_observed_idx";--> statement-breakpoint
CREATE INDEX "record_changes_vendor_client_observed_idx" ON "record_changes" USING btree ("vendor_id","client_uuid","observed_at","id");--> statement-breakpoint
CREATE INDEX "record_changes_events_idx" ON "record_changes" USING gin ("events" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "sm8_snapshots_job_number_idx" ON "sm8_snapshots" USING btree ("vendor_id",("data"->>'generated_job_id')) WHERE "sm8_snapshots"."object" = 'job';--> statement-breakpoint
CREATE INDEX "record_changes_vendor_observed_idx" ON "record_changes" USING btree ("vendor_id","observed_at","id");--> statement-breakpoint
CREATE INDEX "record_changes_vendor_job_observed_idx" ON "record_changes" USING btree ("vendor_id","job_uuid","observed_at","id");