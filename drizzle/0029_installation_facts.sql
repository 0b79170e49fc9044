CREATE TABLE "installation_facts" (
	"name" text PRIMARY KEY NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- An installation that already holds orders may hold files written before encryption, or before files were bound to their storage key (ADR 0026): they stay readable until rotate-file-key rewrites them. A new installation holds none, and refuses any such file.
INSERT INTO "installation_facts" ("name") SELECT 'files_before_encryption' WHERE EXISTS (SELECT 1 FROM "orders") OR EXISTS (SELECT 1 FROM "documents");
