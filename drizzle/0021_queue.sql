ALTER TABLE "orders" ADD COLUMN "promise_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promise_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "overdue_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "overdue_alerted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_promise_idx" ON "orders" USING btree ("promise_kind","promise_from","assignee_id") WHERE "orders"."promise_kind" is not null;--> statement-breakpoint
CREATE INDEX "orders_unassigned_promise_idx" ON "orders" USING btree ("promise_kind","promise_from") WHERE "orders"."promise_kind" is not null and "orders"."assignee_id" is null;--> statement-breakpoint
CREATE INDEX "orders_held_idx" ON "orders" USING btree ("created_at") WHERE "orders"."hold_reason" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promise_kind_valid" CHECK ("orders"."promise_kind" in ('processing_start', 'state_approval', 'ein_issued'));