CREATE TABLE "invoice_number_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_number_counter_one_row" CHECK ("invoice_number_counter"."id")
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"legal_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_number" text DEFAULT '' NOT NULL,
	"invoice_footer" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_settings_one_row" CHECK ("platform_settings"."id")
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "billing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
INSERT INTO "invoice_number_counter" ("id", "last_number")
SELECT true, coalesce(max(substring("number" from 5)::integer), 0) FROM "invoices"
WHERE "source" = 'manual' AND "number" ~ '^INV-[0-9]+$';--> statement-breakpoint
DROP SEQUENCE "public"."invoice_number_seq";