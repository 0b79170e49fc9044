ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "assignee_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_assignee_id_created_at_id_idx" ON "orders" USING btree ("assignee_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "support_tickets_assignee_id_created_at_idx" ON "support_tickets" USING btree ("assignee_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_valid" CHECK ("action" in ('promote', 'demote', 'end_sessions', 'enable_two_factor', 'disable_two_factor', 'reset_two_factor', 'delete_account', 'add_passkey', 'remove_passkey', 'assign_ticket'));