ALTER TABLE "orders" ADD COLUMN "documents_notify_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_documents_notify_idx" ON "orders" USING btree ("documents_notify_after") WHERE "orders"."documents_notify_after" is not null;
