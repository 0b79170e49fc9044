CREATE TABLE "order_message_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_message_attachments_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "order_message_attachments_file_name_length" CHECK (char_length("order_message_attachments"."file_name") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "order_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"document" text,
	"due_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"answer_message_id" uuid,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "order_requests_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "order_requests_kind" CHECK ("order_requests"."kind" in ('answer', 'document')),
	CONSTRAINT "order_requests_document" CHECK ("order_requests"."document" is null or ("order_requests"."kind" = 'document' and "order_requests"."document" in ('ssnDoc', 'passport', 'otherId'))),
	CONSTRAINT "order_requests_status" CHECK ("order_requests"."status" in ('open', 'answered', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "user_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" text,
	"order_id" uuid,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_messages" DROP CONSTRAINT "order_messages_body_length";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "open_requests" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_message_attachments" ADD CONSTRAINT "order_message_attachments_message_id_order_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."order_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_message_attachments" ADD CONSTRAINT "order_message_attachments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_message_id_order_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."order_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_requests" ADD CONSTRAINT "order_requests_answer_message_id_order_messages_id_fk" FOREIGN KEY ("answer_message_id") REFERENCES "public"."order_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_events" ADD CONSTRAINT "user_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_message_attachments_message_id_idx" ON "order_message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "order_message_attachments_order_id_idx" ON "order_message_attachments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_requests_open_idx" ON "order_requests" USING btree ("order_id") WHERE "order_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "order_requests_remind_idx" ON "order_requests" USING btree ("created_at") WHERE "order_requests"."status" = 'open' and "order_requests"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "user_events_user_id_id_idx" ON "user_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "user_events_created_at_idx" ON "user_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_open_requests_created_at_id_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."open_requests" > 0;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_body_length" CHECK (char_length("order_messages"."body") <= 4000);
--> statement-breakpoint
-- The live stream (issue 34): every instance LISTENs. An event names its id and reader ('' is the
-- team); a changed user (sign-out, session end, demotion: user_changes) lets each instance check
-- that user's open streams at once. NOTIFY is sent at commit, so a listener reads committed rows.
CREATE FUNCTION "notify_user_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('app_events', NEW."id"::text || ':' || coalesce(NEW."user_id", ''));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_events_notify" AFTER INSERT ON "user_events" FOR EACH ROW EXECUTE FUNCTION "notify_user_event"();--> statement-breakpoint
CREATE FUNCTION "notify_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('app_user_changes', NEW."user_id");
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "user_changes_notify" AFTER INSERT ON "user_changes" FOR EACH ROW EXECUTE FUNCTION "notify_user_change"();
