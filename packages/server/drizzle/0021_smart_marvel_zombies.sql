ALTER TYPE "public"."run_step_status" ADD VALUE 'Waiting';--> statement-breakpoint
CREATE TABLE "client_opt_outs" (
	"vendor_id" uuid NOT NULL,
	"client_uuid" text NOT NULL,
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"opted_out_at" timestamp with time zone NOT NULL,
	CONSTRAINT "client_opt_outs_vendor_id_client_uuid_pk" PRIMARY KEY("vendor_id","client_uuid")
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "client_messaging" jsonb;--> statement-breakpoint
ALTER TABLE "client_opt_outs" ADD CONSTRAINT "client_opt_outs_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;