CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "documents_order_id_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_user_id_created_at_idx";--> statement-breakpoint
DROP INDEX "support_tickets_created_at_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("orders"."organizer_name" || chr(10) || "orders"."email" || chr(10) || "orders"."nationality")) STORED;--> statement-breakpoint
CREATE INDEX "orders_created_at_id_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_search_text_trgm_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_order_id_created_at_idx" ON "documents" USING btree ("order_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_user_id_created_at_idx" ON "orders" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "support_tickets_created_at_idx" ON "support_tickets" USING btree ("created_at" DESC NULLS FIRST);