CREATE TABLE "order_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"milestone" text NOT NULL,
	"occurred_on" date NOT NULL,
	"note" text,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_milestones_milestone_valid" CHECK ("order_milestones"."milestone" in ('order_received', 'payment_received', 'filed_with_state', 'state_approved', 'ein_requested', 'ein_issued', 'documents_ready'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "formation_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ein" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_milestones" ADD CONSTRAINT "order_milestones_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_milestones" ADD CONSTRAINT "order_milestones_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_audit_order_id_idx" ON "order_audit" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_milestones_order_id_milestone_idx" ON "order_milestones" USING btree ("order_id","milestone");--> statement-breakpoint
CREATE INDEX "orders_pending_reminder_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending_payment' and "orders"."reminder_sent_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ein_digits" CHECK ("orders"."ein" ~ '^[0-9]{9}$');