CREATE TABLE "sm8_record_probes" (
	"vendor_id" uuid NOT NULL,
	"object" text NOT NULL,
	"uuid" text NOT NULL,
	"probed_at" timestamp with time zone NOT NULL,
	"missing" boolean DEFAULT false NOT NULL,
	CONSTRAINT "sm8_record_probes_vendor_id_object_uuid_pk" PRIMARY KEY("vendor_id","object","uuid")
);
--> statement-breakpoint
CREATE TABLE "unsubscribe_links" (
	"token_sha256" text PRIMARY KEY NOT NULL,
	"vendor_id" uuid NOT NULL,
	"client_uuid" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery_days" (
	"day" date PRIMARY KEY NOT NULL,
	"deliveries" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sm8_record_probes" ADD CONSTRAINT "sm8_record_probes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsubscribe_links" ADD CONSTRAINT "unsubscribe_links_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sm8_record_probes_vendor_probed_idx" ON "sm8_record_probes" USING btree ("vendor_id","probed_at");