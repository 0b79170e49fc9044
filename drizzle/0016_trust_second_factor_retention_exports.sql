CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_exports_status_valid" CHECK ("data_exports"."status" in ('pending', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "identity_document_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"document" text NOT NULL,
	"viewer_id" text,
	"viewer_name" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_document_views_document_valid" CHECK ("identity_document_views"."document" in ('ssnDoc', 'passport', 'otherId'))
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "admin_audit" DROP CONSTRAINT "admin_audit_action_valid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "identity_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_exports_user_id_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_expires_at_idx" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_document_views_order_id_idx" ON "identity_document_views" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "two_factors_user_id_idx" ON "two_factors" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_milestones_ein_issued_idx" ON "order_milestones" USING btree ("occurred_on") WHERE "order_milestones"."milestone" = 'ein_issued';--> statement-breakpoint
ALTER TABLE "admin_audit" ADD CONSTRAINT "admin_audit_action_valid" CHECK ("action" in ('promote', 'demote', 'end_sessions', 'enable_two_factor', 'disable_two_factor', 'reset_two_factor', 'delete_account'));--> statement-breakpoint
-- an order detached from a deleted account has no user: its changes concern no cached list
CREATE OR REPLACE FUNCTION "note_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- a truncated table names no user: '*' stands for every one
	IF TG_OP = 'TRUNCATE' THEN
		INSERT INTO "user_changes" ("user_id") VALUES ('*');
		RETURN NULL;
	END IF;
	IF TG_TABLE_NAME = 'users' THEN
		INSERT INTO "user_changes" ("user_id") VALUES (OLD."id");
		RETURN NULL;
	END IF;
	IF TG_OP <> 'INSERT' AND OLD."user_id" IS NOT NULL THEN
		INSERT INTO "user_changes" ("user_id") VALUES (OLD."user_id");
	END IF;
	IF (TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id")) AND NEW."user_id" IS NOT NULL THEN
		INSERT INTO "user_changes" ("user_id") VALUES (NEW."user_id");
	END IF;
	RETURN NULL;
END
$$;
