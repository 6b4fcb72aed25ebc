ALTER TYPE "public"."trigger_template_category" ADD VALUE 'Other systems';--> statement-breakpoint
CREATE TABLE "web_address_secrets" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"secret_enc" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "web_address_secrets" ADD CONSTRAINT "web_address_secrets_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;