ALTER TABLE "trigger_attachments" ALTER COLUMN "trigger_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "trigger_attachments" ADD COLUMN "expires_at" timestamp with time zone;