CREATE SEQUENCE "public"."credit_note_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"requested_by" text,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"suggested_cents" integer NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"exception" text,
	"amount_cents" integer,
	"decision_note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"due_on" date,
	"provider_refund_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"refunded_at" timestamp with time zone,
	"credit_note_number" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_requests_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refund_requests_credit_note_number_unique" UNIQUE("credit_note_number"),
	CONSTRAINT "refund_requests_reason" CHECK ("refund_requests"."reason" in ('state_refused', 'ein_not_issued', 'country_not_allowed', 'documents_rejected', 'changed_mind', 'other')),
	CONSTRAINT "refund_requests_status" CHECK ("refund_requests"."status" in ('requested', 'withdrawn', 'declined', 'approved', 'refunded', 'failed')),
	CONSTRAINT "refund_requests_exception" CHECK ("refund_requests"."exception" is null or "refund_requests"."exception" in ('data_mismatch', 'authority_delay')),
	CONSTRAINT "refund_requests_amounts" CHECK ("refund_requests"."suggested_cents" >= 0 and "refund_requests"."fee_cents" >= 0 and ("refund_requests"."amount_cents" is null or "refund_requests"."amount_cents" > 0))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_one_open_idx" ON "refund_requests" USING btree ("order_id") WHERE "refund_requests"."status" in ('requested', 'approved', 'failed');--> statement-breakpoint
CREATE INDEX "refund_requests_waiting_idx" ON "refund_requests" USING btree ("created_at") WHERE "refund_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "refund_requests_order_idx" ON "refund_requests" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_refunded_at_idx" ON "orders" USING btree ("refunded_at") WHERE "orders"."refunded_at" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_within_paid" CHECK ("orders"."order_amount_refunded" >= 0 and "orders"."order_amount_refunded" <= coalesce("orders"."order_amount_paid", 0));