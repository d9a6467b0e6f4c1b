ALTER TABLE "sessions" ADD COLUMN "sso_workspace_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sso_workspace_id_workspaces_id_fk" FOREIGN KEY ("sso_workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_sso_workspace_idx" ON "sessions" USING btree ("sso_workspace_id");