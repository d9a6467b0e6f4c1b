CREATE TABLE "inspection_answer_history" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL,
	"answer_key" text NOT NULL,
	"item_id" text NOT NULL,
	"instance_id" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"revision" integer NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_answer_history_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "inspection_pdfs" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL,
	"requested_by" uuid,
	"share_id" uuid,
	"revision" integer NOT NULL,
	"language" text NOT NULL,
	"time_zone" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"step" text DEFAULT 'queued' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"failure" text,
	"file_id" uuid,
	"file_name" text,
	"file_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inspection_pdfs_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "inspection_shares" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"inspection_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text DEFAULT 'link' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "inspection_shares_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "inspection_answer_history" ADD CONSTRAINT "inspection_answer_history_inspection_fk" FOREIGN KEY ("workspace_id","inspection_id") REFERENCES "public"."inspections"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_pdfs" ADD CONSTRAINT "inspection_pdfs_inspection_fk" FOREIGN KEY ("workspace_id","inspection_id") REFERENCES "public"."inspections"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_pdfs" ADD CONSTRAINT "inspection_pdfs_share_fk" FOREIGN KEY ("workspace_id","share_id") REFERENCES "public"."inspection_shares"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_pdfs" ADD CONSTRAINT "inspection_pdfs_file_fk" FOREIGN KEY ("workspace_id","file_id") REFERENCES "public"."files"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_shares" ADD CONSTRAINT "inspection_shares_inspection_fk" FOREIGN KEY ("workspace_id","inspection_id") REFERENCES "public"."inspections"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_answer_history_inspection_idx" ON "inspection_answer_history" USING btree ("workspace_id","inspection_id","changed_at");--> statement-breakpoint
CREATE INDEX "inspection_pdfs_inspection_idx" ON "inspection_pdfs" USING btree ("workspace_id","inspection_id","created_at");--> statement-breakpoint
CREATE INDEX "inspection_pdfs_share_idx" ON "inspection_pdfs" USING btree ("workspace_id","share_id");--> statement-breakpoint
CREATE INDEX "inspection_pdfs_file_idx" ON "inspection_pdfs" USING btree ("workspace_id","file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_shares_token_idx" ON "inspection_shares" USING btree ("workspace_id","token_hash");--> statement-breakpoint
CREATE INDEX "inspection_shares_inspection_idx" ON "inspection_shares" USING btree ("workspace_id","inspection_id","created_at");