DROP INDEX "trigger_runs_vendor_created_idx";--> statement-breakpoint
CREATE INDEX "trigger_runs_vendor_created_id_idx" ON "trigger_runs" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "trigger_runs_vendor_trigger_created_idx" ON "trigger_runs" USING btree ("vendor_id","trigger_id","created_at","id");--> statement-breakpoint
CREATE INDEX "trigger_runs_vendor_status_created_idx" ON "trigger_runs" USING btree ("vendor_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "trigger_runs_vendor_job_created_idx" ON "trigger_runs" USING btree ("vendor_id","job_number","created_at","id");--> statement-breakpoint
CREATE INDEX "trigger_runs_vendor_event_created_idx" ON "trigger_runs" USING btree ("vendor_id","event","created_at","id");--> statement-breakpoint
CREATE INDEX "trigger_runs_vendor_due_created_idx" ON "trigger_runs" USING btree ("vendor_id","due_at","created_at","id");--> statement-breakpoint
CREATE INDEX "trigger_runs_vendor_finished_created_idx" ON "trigger_runs" USING btree ("vendor_id","finished_at","created_at","id");