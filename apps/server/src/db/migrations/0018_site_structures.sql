CREATE TABLE "site_structure_sites" (
	"workspace_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"title" text NOT NULL,
	"path" jsonb NOT NULL,
	"asset_id" uuid NOT NULL,
	CONSTRAINT "site_structure_sites_workspace_id_structure_id_node_id_pk" PRIMARY KEY("workspace_id","structure_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "site_structures" (
	"workspace_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"structure" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_structures_workspace_id_id_pk" PRIMARY KEY("workspace_id","id")
);
--> statement-breakpoint
ALTER TABLE "site_structure_sites" ADD CONSTRAINT "site_structure_sites_workspace_id_structure_id_site_structures_workspace_id_id_fk" FOREIGN KEY ("workspace_id","structure_id") REFERENCES "public"."site_structures"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_structure_sites" ADD CONSTRAINT "site_structure_sites_workspace_id_asset_id_assets_workspace_id_id_fk" FOREIGN KEY ("workspace_id","asset_id") REFERENCES "public"."assets"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_structures" ADD CONSTRAINT "site_structures_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_structure_sites_asset_idx" ON "site_structure_sites" USING btree ("workspace_id","asset_id");