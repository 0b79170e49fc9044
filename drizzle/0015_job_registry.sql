-- Issue 32, ADR 0022: one job registry. job_runs holds, per declared job, when it is next due (the
-- instance that moves next_run_at on runs that period) and the record of its last run (shown on
-- /admin/integrations); job_queue holds the typed payloads of queued jobs, retried with backoff
-- until dead. New tables only: the release before this one runs beside it unchanged.
CREATE TABLE "job_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_queue_status_valid" CHECK ("job_queue"."status" in ('pending', 'done', 'dead'))
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'periodic' NOT NULL,
	"every_ms" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 1 NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_duration_ms" integer,
	"last_outcome" text,
	"last_error" text,
	"last_succeeded_at" timestamp with time zone,
	CONSTRAINT "job_runs_kind_valid" CHECK ("job_runs"."kind" in ('periodic', 'queued')),
	CONSTRAINT "job_runs_outcome_valid" CHECK ("job_runs"."last_outcome" in ('succeeded', 'failed', 'dead'))
);
--> statement-breakpoint
CREATE INDEX "job_queue_due_idx" ON "job_queue" USING btree ("job","status","run_at");
