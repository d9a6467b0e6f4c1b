CREATE TABLE "saml_configs" (
	"workspace_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"sso_only" boolean DEFAULT false NOT NULL,
	"metadata_url" text,
	"entity_id" text NOT NULL,
	"sso_url" text NOT NULL,
	"slo_url" text,
	"certificate" text NOT NULL,
	"attributes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saml_configs_workspace_id_pk" PRIMARY KEY("workspace_id")
);
--> statement-breakpoint
CREATE TABLE "sso_identities" (
	"workspace_id" uuid NOT NULL,
	"idp_user_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_identities_workspace_id_idp_user_id_pk" PRIMARY KEY("workspace_id","idp_user_id")
);
--> statement-breakpoint
CREATE TABLE "sso_nonces" (
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"user_id" uuid,
	"binding" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_nonces_workspace_id_kind_value_pk" PRIMARY KEY("workspace_id","kind","value")
);
--> statement-breakpoint
ALTER TABLE "saml_configs" ADD CONSTRAINT "saml_configs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_identities" ADD CONSTRAINT "sso_identities_workspace_id_user_id_memberships_workspace_id_user_id_fk" FOREIGN KEY ("workspace_id","user_id") REFERENCES "public"."memberships"("workspace_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_nonces" ADD CONSTRAINT "sso_nonces_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_identities_user_idx" ON "sso_identities" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE INDEX "sso_nonces_expiry_idx" ON "sso_nonces" USING btree ("workspace_id","expires_at");