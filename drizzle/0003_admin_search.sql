CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "orders_organizer_name_trgm_idx" ON "orders" USING gin (lower("organizer_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_nationality_trgm_idx" ON "orders" USING gin (lower("nationality") gin_trgm_ops);