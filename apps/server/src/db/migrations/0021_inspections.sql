CREATE TABLE "inspection_answers" (
	"workspace_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"answer_key" text NOT NULL,
	"item_id" text NOT NULL,
	"instance_id" text DEFAULT '' NOT NULL,
	"item_type" text NOT NULL,
	"value" jsonb,
	"value_number" double precision,
	"value_text" text,
	"value_choices" text[],
	"note" text,
	"media" jsonb,
	"rating" smallint,
	"score" double precision,
	"max_score" double precision,
	"failed" boolean DEFAULT false NOT NULL,
	"carried_over" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"device_id" text,
	CONSTRAINT "inspection_answers_workspace_id_inspection_id_answer_key_pk" PRIMARY KEY("workspace_id","inspection_id","answer_key")
);
--> statement-breakpoint
CREATE TABLE "inspection_media" (
	"workspace_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_media_workspace_id_inspection_id_file_id_pk" PRIMARY KEY("workspace_id","inspection_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "inspection_saves" (
	"workspace_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"change_id" uuid NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_saves_workspace_id_inspection_id_change_id_pk" PRIMARY KEY("workspace_id","inspection_id","change_id")
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"template_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"asset_id" uuid,
	"asset" jsonb,
	"started_by" uuid,
	"score_points" double precision DEFAULT 0 NOT NULL,
	"max_points" double precision DEFAULT 0 NOT NULL,
	"score" double precision,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"issues_count" integer DEFAULT 0 NOT NULL,
	"instances" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"archived_at" timestamp with time zone,
	CONSTRAINT "inspections_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "inspection_answers" ADD CONSTRAINT "inspection_answers_inspection_fk" FOREIGN KEY ("workspace_id","inspection_id") REFERENCES "public"."inspections"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_media" ADD CONSTRAINT "inspection_media_inspection_fk" FOREIGN KEY ("workspace_id","inspection_id") REFERENCES "public"."inspections"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_media" ADD CONSTRAINT "inspection_media_file_fk" FOREIGN KEY ("workspace_id","file_id") REFERENCES "public"."files"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_saves" ADD CONSTRAINT "inspection_saves_inspection_fk" FOREIGN KEY ("workspace_id","inspection_id") REFERENCES "public"."inspections"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_version_fk" FOREIGN KEY ("workspace_id","version_id") REFERENCES "public"."template_versions"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_answers_item_idx" ON "inspection_answers" USING btree ("workspace_id","item_id");--> statement-breakpoint
CREATE INDEX "inspection_media_file_idx" ON "inspection_media" USING btree ("workspace_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_number_idx" ON "inspections" USING btree ("workspace_id","number");--> statement-breakpoint
CREATE INDEX "inspections_started_idx" ON "inspections" USING btree ("workspace_id","started_at");--> statement-breakpoint
CREATE INDEX "inspections_template_idx" ON "inspections" USING btree ("workspace_id","template_id","started_at");--> statement-breakpoint
CREATE INDEX "inspections_asset_idx" ON "inspections" USING btree ("workspace_id","asset_id","started_at");--> statement-breakpoint
CREATE INDEX "inspections_auditor_idx" ON "inspections" USING btree ("workspace_id","started_by","started_at");--> statement-breakpoint
CREATE INDEX "inspections_version_idx" ON "inspections" USING btree ("workspace_id","version_id");--> statement-breakpoint
-- Conducting inspections is a code of ours (docs/inspections.md): every workspace's administrator role, which holds every permission, and its default member role, whose members run inspections, gain it.
UPDATE "roles" SET "permissions" = array_append("permissions", 'INS_CONDUCT_INSPECTIONS') WHERE "is_system" AND NOT ('INS_CONDUCT_INSPECTIONS' = ANY("permissions"));
