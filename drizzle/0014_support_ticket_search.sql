-- Issue 31, item 10: administrators search tickets as they search orders (ADR 0012): one folded
-- column the application writes (ticketSearchText: name, email and the request, one per line) with
-- a pg_trgm index. Existing rows get '' here and their text from the data migration
-- 0014_ticket_search (src/server/db/data-migrations.ts), which folds in JavaScript; without a
-- default from then on, so every insert has to write it.
ALTER TABLE "support_tickets" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "search_text" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "support_tickets_search_text_trgm_idx" ON "support_tickets" USING gin ("search_text" gin_trgm_ops);
