-- Issue 31, item 7. A payment for an order that is gone (discarded while its checkout was open) is
-- a review row too: the order is null (or set null when it is discarded later), the order the event
-- named is kept in claimed_order_id, and the reason is 'unknown_order'.
ALTER TABLE "payment_reviews" DROP CONSTRAINT "payment_reviews_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "payment_reviews" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD COLUMN "claimed_order_id" uuid;--> statement-breakpoint
UPDATE "payment_reviews" SET "claimed_order_id" = "order_id";--> statement-breakpoint
ALTER TABLE "payment_reviews" DROP CONSTRAINT "payment_reviews_reason_valid";--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_reason_valid" CHECK ("payment_reviews"."reason" in ('amount_mismatch', 'currency_mismatch', 'not_paid', 'wrong_session', 'duplicate_payment', 'unknown_order'));--> statement-breakpoint
-- A replaced document keeps its id, so links to it keep working; its file is a new version.
ALTER TABLE "documents" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "documents" SET "updated_at" = "created_at";
