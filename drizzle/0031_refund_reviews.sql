ALTER TABLE "payment_reviews" DROP CONSTRAINT "payment_reviews_reason_valid";--> statement-breakpoint
ALTER TABLE "payment_reviews" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_names_its_source" CHECK (("payment_reviews"."session_id" is not null) <> ("payment_reviews"."refund_id" is not null));--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_reason_valid" CHECK ("payment_reviews"."reason" in ('amount_mismatch', 'currency_mismatch', 'not_paid', 'wrong_session', 'duplicate_payment', 'unknown_order', 'refund_failed_after_success'));