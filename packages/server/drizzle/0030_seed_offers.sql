CREATE TABLE "seed_offers" (
	"key" text PRIMARY KEY NOT NULL,
	"offered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- An installation seeded before this ledger was offered the built-in content of that time: record it as
-- offered, so what a super admin deleted stays deleted, and only what came later is added at start.
INSERT INTO "seed_offers" ("key", "offered_at")
SELECT "offered"."key", now() FROM (VALUES
  ('template:Booking confirmation'),
  ('template:Appointment reminder the day before'),
  ('template:On my way text'),
  ('template:Quote follow-up after 3 days'),
  ('template:Quote follow-up after 7 days'),
  ('template:Quote accepted: thank you and ready to schedule'),
  ('template:Payment reminder after 7 days'),
  ('template:Payment reminder after 14 days'),
  ('template:Payment received: thank you'),
  ('template:Review request a day after the job'),
  ('template:Follow up 3 months after the job'),
  ('template:Follow up 6 months after the job'),
  ('template:Follow up 12 months after the job'),
  ('template:Welcome a new client'),
  ('template:Alert the office about an unhappy client'),
  ('template:Check the invoice when a job is completed'),
  ('article:getting-started/welcome-to-automate'),
  ('article:servicem8/connecting-servicem8'),
  ('article:automations/building-a-trigger'),
  ('article:automations/events'),
  ('article:automations/conditions'),
  ('article:automations/actions'),
  ('article:automations/runs-and-logs'),
  ('article:billing/plans-and-billing'),
  ('article:legal/privacy-policy'),
  ('article:legal/terms-and-conditions'),
  ('article:communication/changelog'),
  ('faq:Do I need to keep Automate open for my automations to run?'),
  ('faq:Will Automate send anything while I am setting a trigger up?'),
  ('faq:What happens if I change a job back before a delayed action runs?'),
  ('faq:Can an automation send the same email twice?'),
  ('faq:Which ServiceM8 plan do I need?'),
  ('faq:How do I give a colleague access?'),
  ('faq:Where do I see what an automation did?'),
  ('faq:Can I cancel a scheduled run?'),
  ('faq:What if ServiceM8 is down or busy?')

) AS "offered" ("key")
WHERE EXISTS (SELECT 1 FROM "users");
