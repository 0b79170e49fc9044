CREATE TABLE "filing_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"input" jsonb NOT NULL,
	"input_hash" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "filing_documents_kind" CHECK ("filing_documents"."kind" in ('articles', 'ss4_worksheet', 'operating_agreement'))
);
--> statement-breakpoint
CREATE TABLE "filing_packets" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"facts" jsonb NOT NULL,
	"facts_updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"filed_at" timestamp with time zone,
	"filed_by" text
);
--> statement-breakpoint
CREATE TABLE "filing_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"role" text NOT NULL,
	"user_id" text,
	"account" text NOT NULL,
	"typed_name" text NOT NULL,
	"consent" text NOT NULL,
	"sha256" text NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filing_signatures_role" CHECK ("filing_signatures"."role" in ('organizer', 'partner'))
);
--> statement-breakpoint
CREATE TABLE "signing_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "filing_documents" ADD CONSTRAINT "filing_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_packets" ADD CONSTRAINT "filing_packets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_packets" ADD CONSTRAINT "filing_packets_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_packets" ADD CONSTRAINT "filing_packets_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_signatures" ADD CONSTRAINT "filing_signatures_document_id_filing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."filing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filing_signatures" ADD CONSTRAINT "filing_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_links" ADD CONSTRAINT "signing_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "filing_documents_version_idx" ON "filing_documents" USING btree ("order_id","kind","version");--> statement-breakpoint
CREATE UNIQUE INDEX "filing_documents_current_idx" ON "filing_documents" USING btree ("order_id","kind") WHERE "filing_documents"."superseded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "filing_signatures_once_idx" ON "filing_signatures" USING btree ("document_id","role");--> statement-breakpoint
CREATE INDEX "signing_links_order_idx" ON "signing_links" USING btree ("order_id","created_at");