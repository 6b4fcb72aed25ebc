CREATE TABLE "sm8_addon_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"account_uuid" text NOT NULL,
	"staff_uuid" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sm8_addon_codes_expires_at_index" ON "sm8_addon_codes" USING btree ("expires_at");