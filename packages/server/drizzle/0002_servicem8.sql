CREATE TYPE "public"."sm8_reference_kind" AS ENUM('badge', 'queue', 'category', 'staff', 'form', 'formfield', 'material');--> statement-breakpoint
CREATE TYPE "public"."webhook_inbox_status" AS ENUM('Received', 'Processed', 'Failed');--> statement-breakpoint
CREATE TABLE "sm8_connections" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"account_uuid" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"access_token_expires_at" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"webhook_secret_enc" text NOT NULL,
	"connected_by_user_id" uuid,
	"needs_reconnect_since" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sm8_connections_accountUuid_unique" UNIQUE("account_uuid")
);
--> statement-breakpoint
CREATE TABLE "sm8_pending_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"account_uuid" text NOT NULL,
	"account_name" text NOT NULL,
	"time_zone" text,
	"staff_email" text NOT NULL,
	"staff_first_name" text NOT NULL,
	"staff_last_name" text NOT NULL,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text NOT NULL,
	"access_token_expires_at" timestamp with time zone NOT NULL,
	"scope" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sm8_pending_connections_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sm8_rate_buckets" (
	"account_uuid" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"refilled_at" timestamp with time zone NOT NULL,
	"day_started_at" timestamp with time zone NOT NULL,
	"day_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sm8_reference_items" (
	"vendor_id" uuid NOT NULL,
	"kind" "sm8_reference_kind" NOT NULL,
	"uuid" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sm8_reference_items_vendor_id_kind_uuid_pk" PRIMARY KEY("vendor_id","kind","uuid")
);
--> statement-breakpoint
CREATE TABLE "webhook_inbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"dedupe_key" text NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" "webhook_inbox_status" DEFAULT 'Received' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "webhook_inbox_dedupeKey_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
ALTER TABLE "sm8_connections" ADD CONSTRAINT "sm8_connections_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sm8_connections" ADD CONSTRAINT "sm8_connections_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sm8_reference_items" ADD CONSTRAINT "sm8_reference_items_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_inbox" ADD CONSTRAINT "webhook_inbox_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_inbox_vendor_received_idx" ON "webhook_inbox" USING btree ("vendor_id","received_at");