-- Trigram search needs pg_trgm (shipped with PostgreSQL; a trusted extension, so the database's owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "assets_search_trgm_idx" ON "assets" USING gin (("asset_id" || ' ' || "display_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assets_name_idx" ON "assets" USING btree ("workspace_id","display_name","id") WHERE "assets"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "assets_name_prefix_idx" ON "assets" USING btree ("workspace_id",lower("display_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "assets_asset_id_prefix_idx" ON "assets" USING btree ("workspace_id",lower("asset_id") text_pattern_ops);--> statement-breakpoint
-- A number field's index now leads with the record's type (or list) and holds only records in use
-- (ensureCustomNumberIndex names it *_cf_<key>_active); the former ones go, and each number field
-- gets its new index when its type or list is next saved.
DO $$
DECLARE old record;
BEGIN
  FOR old IN SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename IN ('assets', 'global_list_items') AND indexname LIKE '%\_cf\_%\_num' LOOP
    EXECUTE format('DROP INDEX %I', old.indexname);
  END LOOP;
END $$;
