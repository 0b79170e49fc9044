CREATE TABLE "data_migrations" (
	"id" text PRIMARY KEY NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- search_text becomes a column the application writes (ADR 0012); the data migration
-- 0005_codes_phones_search (src/server/db/data-migrations.ts) rewrites it for every existing row
ALTER TABLE "orders" ALTER COLUMN "search_text" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "search_text" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_released_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_hold_released_by_users_id_fk" FOREIGN KEY ("hold_released_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_hold_reason_valid" CHECK ("orders"."hold_reason" in ('sanctioned_nationality'));