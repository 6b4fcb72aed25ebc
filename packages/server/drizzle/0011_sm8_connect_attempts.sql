CREATE TABLE "sm8_connect_attempts" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sm8_connect_attempts_expires_at_index" ON "sm8_connect_attempts" USING btree ("expires_at");