CREATE TABLE "order_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"author_id" text,
	"from_team" boolean NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "order_messages_body_length" CHECK (char_length("order_messages"."body") between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "messages_notify_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_messages_order_id_created_at_idx" ON "order_messages" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_messages_unread_idx" ON "order_messages" USING btree ("order_id","from_team") WHERE "order_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "orders_messages_notify_idx" ON "orders" USING btree ("messages_notify_after") WHERE "orders"."messages_notify_after" is not null;