CREATE TABLE "compliance_schedule" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"next_due" date,
	"remind_on" date,
	"stale" boolean DEFAULT true NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	"rules" text DEFAULT '' NOT NULL,
	"computed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "compliance_schedule" ADD CONSTRAINT "compliance_schedule_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compliance_schedule_next_due_idx" ON "compliance_schedule" USING btree ("next_due","order_id") WHERE "compliance_schedule"."next_due" is not null;--> statement-breakpoint
CREATE INDEX "compliance_schedule_remind_on_idx" ON "compliance_schedule" USING btree ("remind_on","order_id") WHERE "compliance_schedule"."remind_on" is not null;--> statement-breakpoint
CREATE INDEX "compliance_schedule_stale_idx" ON "compliance_schedule" USING btree ("order_id") WHERE "compliance_schedule"."stale";--> statement-breakpoint
CREATE INDEX "compliance_schedule_rules_idx" ON "compliance_schedule" USING btree ("rules");--> statement-breakpoint
CREATE INDEX "orders_identity_on_file_idx" ON "orders" USING btree ("refunded_at","id") WHERE "orders"."identity_deleted_at" is null and ("orders"."ssn_doc_key" is not null or "orders"."passport_key" is not null or "orders"."other_id_key" is not null);--> statement-breakpoint
CREATE INDEX "support_tickets_id_text_idx" ON "support_tickets" USING btree (("id"::text));--> statement-breakpoint
CREATE INDEX "users_admins_created_at_id_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "users"."is_admin";--> statement-breakpoint
-- Issue 39 (ADR 0037): a formed company's row is created, marked stale and its changes counted
-- here, in the database, whatever code path (a milestone, an administrator's correction, a
-- partner, a deadline marked done, a refund, a deleted account) changed what its calendar reads.
CREATE FUNCTION "compliance_schedule_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."formation_date" IS NULL THEN
		DELETE FROM "compliance_schedule" WHERE "order_id" = NEW."id";
	ELSE
		INSERT INTO "compliance_schedule" ("order_id") VALUES (NEW."id")
		ON CONFLICT ("order_id") DO UPDATE SET "stale" = true, "changes" = "compliance_schedule"."changes" + 1;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_compliance_schedule_insert" AFTER INSERT ON "orders" FOR EACH ROW WHEN (NEW."formation_date" IS NOT NULL) EXECUTE FUNCTION "compliance_schedule_order_changed"();--> statement-breakpoint
CREATE TRIGGER "orders_compliance_schedule_update" AFTER UPDATE OF "formation_date", "llc_state", "nationality", "user_id", "refunded_at" ON "orders" FOR EACH ROW
	WHEN (OLD."formation_date" IS DISTINCT FROM NEW."formation_date" OR (NEW."formation_date" IS NOT NULL AND (
		OLD."llc_state" IS DISTINCT FROM NEW."llc_state" OR OLD."nationality" IS DISTINCT FROM NEW."nationality"
		OR OLD."user_id" IS DISTINCT FROM NEW."user_id" OR OLD."refunded_at" IS DISTINCT FROM NEW."refunded_at")))
	EXECUTE FUNCTION "compliance_schedule_order_changed"();--> statement-breakpoint
CREATE FUNCTION "compliance_schedule_input_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' THEN
		UPDATE "compliance_schedule" SET "stale" = true, "changes" = "changes" + 1 WHERE "order_id" = OLD."order_id";
	END IF;
	IF TG_OP <> 'DELETE' THEN
		UPDATE "compliance_schedule" SET "stale" = true, "changes" = "changes" + 1 WHERE "order_id" = NEW."order_id";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "partners_compliance_schedule" AFTER INSERT OR UPDATE OR DELETE ON "partners" FOR EACH ROW EXECUTE FUNCTION "compliance_schedule_input_changed"();--> statement-breakpoint
CREATE TRIGGER "compliance_done_compliance_schedule" AFTER INSERT OR UPDATE OR DELETE ON "compliance_done" FOR EACH ROW EXECUTE FUNCTION "compliance_schedule_input_changed"();--> statement-breakpoint
INSERT INTO "compliance_schedule" ("order_id") SELECT "id" FROM "orders" WHERE "formation_date" IS NOT NULL;
