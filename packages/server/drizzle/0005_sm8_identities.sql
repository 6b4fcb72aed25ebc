ALTER TYPE "public"."user_token_purpose" ADD VALUE 'sm8_link';--> statement-breakpoint
CREATE TABLE "sm8_identities" (
	"account_uuid" text NOT NULL,
	"staff_uuid" text NOT NULL,
	"user_id" uuid NOT NULL,
	"account_name" text NOT NULL,
	"staff_email" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sm8_identities_account_uuid_staff_uuid_pk" PRIMARY KEY("account_uuid","staff_uuid")
);
--> statement-breakpoint
ALTER TABLE "sm8_pending_connections" ADD COLUMN "staff_uuid" text;--> statement-breakpoint
ALTER TABLE "sm8_identities" ADD CONSTRAINT "sm8_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sm8_identities_user_idx" ON "sm8_identities" USING btree ("user_id");