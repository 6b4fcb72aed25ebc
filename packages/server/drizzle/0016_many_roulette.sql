CREATE TYPE "public"."trigger_template_category" AS ENUM('Bookings', 'Quotes', 'Invoices & payments', 'Reviews', 'Follow-ups', 'Forms');--> statement-breakpoint
CREATE TABLE "trigger_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" "trigger_template_category" NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"onboarding_order" integer,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "trigger_templates_onboarding_idx" ON "trigger_templates" USING btree ("onboarding_order");