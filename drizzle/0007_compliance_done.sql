CREATE TABLE "compliance_done" (
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_by" text,
	CONSTRAINT "compliance_done_kind_valid" CHECK ("compliance_done"."kind" in ('state-annual-report', 'state-tax', 'federal-5472', 'federal-1065', 'registered-agent'))
);
--> statement-breakpoint
ALTER TABLE "compliance_done" ADD CONSTRAINT "compliance_done_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_done" ADD CONSTRAINT "compliance_done_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_done_occurrence_idx" ON "compliance_done" USING btree ("order_id","kind","due_date");
