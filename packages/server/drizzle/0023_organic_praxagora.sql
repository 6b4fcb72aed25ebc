-- ServiceM8 logins linked before this release were linked by rules that trusted what ServiceM8 says
-- about a staff member (their email, being the account owner): none of them is kept. People link again
-- by proving their Automate account. Pending connections last 30 minutes and are started again.
DELETE FROM "sm8_identities";--> statement-breakpoint
DELETE FROM "sm8_pending_connections";--> statement-breakpoint
CREATE TYPE "public"."session_proof" AS ENUM('password', 'email_link', 'invitation', 'servicem8_addon');--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"proof" "session_proof" NOT NULL,
	"vendor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sm8_used_addon_events" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_member_removals" (
	"vendor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vendor_member_removals_vendor_id_user_id_pk" PRIMARY KEY("vendor_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "sm8_identities" ADD COLUMN "staff_name" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sm8_pending_connections" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "sm8_staff_may_join" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_member_removals" ADD CONSTRAINT "vendor_member_removals_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_member_removals" ADD CONSTRAINT "vendor_member_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sm8_used_addon_events_expires_at_index" ON "sm8_used_addon_events" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "sm8_pending_connections" ADD CONSTRAINT "sm8_pending_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sm8_identities" DROP COLUMN "staff_email";--> statement-breakpoint
ALTER TABLE "sm8_pending_connections" DROP COLUMN "staff_uuid";--> statement-breakpoint
ALTER TABLE "sm8_pending_connections" DROP COLUMN "staff_email";--> statement-breakpoint
ALTER TABLE "sm8_pending_connections" DROP COLUMN "staff_first_name";--> statement-breakpoint
ALTER TABLE "sm8_pending_connections" DROP COLUMN "staff_last_name";