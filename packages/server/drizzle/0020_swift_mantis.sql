CREATE INDEX "trigger_runs_created_status_idx" ON "trigger_runs" USING btree ("created_at","status");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "webhook_inbox_received_idx" ON "webhook_inbox" USING btree ("received_at");