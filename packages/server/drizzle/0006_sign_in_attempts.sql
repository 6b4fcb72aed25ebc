CREATE TABLE "sign_in_attempts" (
	"email_key" text PRIMARY KEY NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_login_count";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "first_failed_login_at";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";