CREATE TABLE "global_list_items" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_list_items_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "global_lists" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"name" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "global_lists_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "global_list_items" ADD CONSTRAINT "global_list_items_workspace_id_list_id_global_lists_workspace_id_id_fk" FOREIGN KEY ("workspace_id","list_id") REFERENCES "public"."global_lists"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_lists" ADD CONSTRAINT "global_lists_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "global_list_items_list_idx" ON "global_list_items" USING btree ("workspace_id","list_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "global_lists_number_idx" ON "global_lists" USING btree ("workspace_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "global_lists_name_idx" ON "global_lists" USING btree ("workspace_id",lower("name"));