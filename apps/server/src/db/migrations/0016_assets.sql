CREATE TABLE "asset_types" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_types_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" text NOT NULL,
	"display_name" text NOT NULL,
	"type_id" uuid NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "asset_types" ADD CONSTRAINT "asset_types_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_workspace_id_type_id_asset_types_workspace_id_id_fk" FOREIGN KEY ("workspace_id","type_id") REFERENCES "public"."asset_types"("workspace_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_types_name_idx" ON "asset_types" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "assets_asset_id_idx" ON "assets" USING btree ("workspace_id",lower("asset_id"));--> statement-breakpoint
CREATE INDEX "assets_type_idx" ON "assets" USING btree ("workspace_id","type_id","created_at");--> statement-breakpoint
CREATE INDEX "assets_created_idx" ON "assets" USING btree ("workspace_id","created_at");--> statement-breakpoint
-- Every workspace's administrator role holds every permission: it gains the two asset codes added with these tables.
UPDATE "roles" SET "permissions" = array_cat("permissions", ARRAY['SST_MANAGE_ASSET', 'SST_MANAGE_ASSET_TYPE']) WHERE "is_system" AND NOT "is_default" AND NOT ('SST_MANAGE_ASSET' = ANY("permissions"));
