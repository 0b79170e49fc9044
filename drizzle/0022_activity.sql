ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_valid";--> statement-breakpoint
CREATE INDEX "admin_audit_created_at_idx" ON "admin_audit" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "documents_uploaded_created_at_idx" ON "documents" USING btree ("created_at") WHERE uploaded_by is not null;--> statement-breakpoint
CREATE INDEX "identity_document_views_created_at_idx" ON "identity_document_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_audit_actor_created_at_idx" ON "order_audit" USING btree ("created_at") WHERE actor_id is not null;--> statement-breakpoint
CREATE INDEX "order_messages_team_created_at_idx" ON "order_messages" USING btree ("created_at") WHERE from_team;--> statement-breakpoint
CREATE INDEX "order_notes_created_at_idx" ON "order_notes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "order_status_history_admin_created_at_idx" ON "order_status_history" USING btree ("created_at") WHERE source = 'admin';--> statement-breakpoint
CREATE INDEX "payment_reviews_resolved_at_idx" ON "payment_reviews" USING btree ("resolved_at") WHERE resolved_by is not null;--> statement-breakpoint
CREATE INDEX "ticket_messages_created_at_idx" ON "ticket_messages" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_valid" CHECK ("action" in ('promote', 'demote', 'end_sessions', 'enable_two_factor', 'disable_two_factor', 'reset_two_factor', 'delete_account', 'add_passkey', 'remove_passkey', 'assign_ticket', 'set_price'));