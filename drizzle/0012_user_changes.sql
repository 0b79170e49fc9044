-- Every change to a user, their sessions or their orders, written in the changing transaction
-- (db/user-changes.ts): what lets each instance cache sessions and order lists and still answer
-- as fresh as a query (ADR 0013, issue 20). xid is the writing transaction, so a reader can ask
-- for exactly the changes its previous snapshot could not see.
CREATE TABLE "user_changes" (
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_changes_xid_idx" ON "user_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "user_changes_at_idx" ON "user_changes" USING btree ("at");--> statement-breakpoint
CREATE FUNCTION "note_user_change"() RETURNS trigger LANGUAGE plpgsql AS $$
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
	IF TG_OP <> 'INSERT' THEN
		INSERT INTO "user_changes" ("user_id") VALUES (OLD."user_id");
	END IF;
	IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
		INSERT INTO "user_changes" ("user_id") VALUES (NEW."user_id");
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- a new user or session changes nothing cached; an edited or deleted one (sign-out, reset, expiry,
-- refresh, demotion, rename) does; an order's every insert, update and delete changes its owner's list
CREATE TRIGGER "users_note_change" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "note_user_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_note_change" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "note_user_change"();--> statement-breakpoint
CREATE TRIGGER "orders_note_change" AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "note_user_change"();--> statement-breakpoint
CREATE TRIGGER "users_note_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "note_user_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_note_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "note_user_change"();--> statement-breakpoint
CREATE TRIGGER "orders_note_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "note_user_change"();
