ALTER TABLE "plans" ADD COLUMN "max_web_address_deliveries_per_day" integer DEFAULT 10000 NOT NULL;--> statement-breakpoint
-- The plans already sold get a daily allowance by price: the dearest monthly price 10,000 a day, the
-- next 2,500, every cheaper one (or one with no monthly price on sale) 500. Super admins change them after.
UPDATE "plans" SET "max_web_address_deliveries_per_day" = CASE "ranked"."place" WHEN 1 THEN 10000 WHEN 2 THEN 2500 ELSE 500 END
FROM (
  SELECT "p"."id", dense_rank() OVER (ORDER BY coalesce("pp"."amount_cents", 0) DESC) AS "place"
  FROM "plans" "p"
  LEFT JOIN "plan_prices" "pp" ON "pp"."plan_id" = "p"."id" AND "pp"."interval" = 'month' AND "pp"."active"
) AS "ranked"
WHERE "ranked"."id" = "plans"."id";--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "max_web_address_deliveries_per_day" DROP DEFAULT;
