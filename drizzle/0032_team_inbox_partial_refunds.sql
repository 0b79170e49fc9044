ALTER TABLE "orders" ADD COLUMN "attention" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attention_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD COLUMN "closes_order" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "order_requests_answer_message_id_idx" ON "order_requests" USING btree ("answer_message_id") WHERE "order_requests"."answer_message_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_attention_idx" ON "orders" USING btree ("attention_since","assignee_id") WHERE "orders"."attention_since" is not null;