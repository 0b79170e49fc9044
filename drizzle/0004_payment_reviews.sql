CREATE TABLE "payment_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"session_id" text NOT NULL,
	"reason" text NOT NULL,
	"amount" integer,
	"currency" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "payment_reviews_reason_valid" CHECK ("payment_reviews"."reason" in ('amount_mismatch', 'currency_mismatch', 'not_paid', 'wrong_session', 'duplicate_payment'))
);
--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_event_id_payment_events_event_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."payment_events"("event_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reviews_event_id_idx" ON "payment_reviews" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "payment_reviews_open_idx" ON "payment_reviews" USING btree ("created_at" DESC NULLS FIRST) WHERE resolved_at is null;