ALTER TABLE "documents" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_milestones" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_card_brand" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_card_last4" text;--> statement-breakpoint
ALTER TABLE "signing_links" ADD COLUMN "signed_at" timestamp with time zone;--> statement-breakpoint
-- the signed agreements the packet published before documents had a kind (features/filing's file name)
UPDATE "documents" SET "kind" = 'operating_agreement' WHERE "file_name" LIKE 'Operating-Agreement-%.pdf';
