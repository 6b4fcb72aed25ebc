CREATE TABLE "webhook_delivery_days" (
	"day" date PRIMARY KEY NOT NULL,
	"deliveries" integer NOT NULL
);
