ALTER TABLE "activity_logs" ADD COLUMN "object_name" text;--> statement-breakpoint
-- Records written before names were kept: the object's name today when it still exists, else the
-- name the record's own details held (a deleted template's title, a deleted group's name ...).
UPDATE "activity_logs" AS l SET "object_name" = coalesce(
  CASE l."object_type"
    WHEN 'user' THEN (SELECT trim(coalesce(m."first_name", u."first_name") || ' ' || coalesce(m."last_name", u."last_name")) FROM "users" u LEFT JOIN "memberships" m ON m."workspace_id" = l."workspace_id" AND m."user_id" = u."id" WHERE u."id" = k."object_uuid")
    WHEN 'role' THEN (SELECT coalesce(r."name_lang"->>'en', (SELECT min(value) FROM jsonb_each_text(r."name_lang"))) FROM "roles" r WHERE r."workspace_id" = l."workspace_id" AND r."id" = k."object_uuid")
    WHEN 'group' THEN (SELECT coalesce(g."name_lang"->>'en', (SELECT min(value) FROM jsonb_each_text(g."name_lang"))) FROM "groups" g WHERE g."workspace_id" = l."workspace_id" AND g."id" = k."object_uuid")
    WHEN 'template' THEN (SELECT t."title" FROM "templates" t WHERE t."workspace_id" = l."workspace_id" AND t."id" = k."object_uuid")
    WHEN 'template_folder' THEN (SELECT f."name" FROM "template_folders" f WHERE f."workspace_id" = l."workspace_id" AND f."id" = k."object_uuid")
    WHEN 'global_response' THEN (SELECT r."name" FROM "global_responses" r WHERE r."workspace_id" = l."workspace_id" AND r."id" = k."object_uuid")
    WHEN 'custom_unit' THEN (SELECT c."name" FROM "custom_units" c WHERE c."workspace_id" = l."workspace_id" AND c."id" = k."object_uuid")
    WHEN 'file' THEN (SELECT f."original_name" FROM "files" f WHERE f."workspace_id" = l."workspace_id" AND f."id" = k."object_uuid")
    WHEN 'workspace' THEN (SELECT w."name" FROM "workspaces" w WHERE w."id" = l."workspace_id")
    WHEN 'saml_config' THEN (SELECT w."name" FROM "workspaces" w WHERE w."id" = l."workspace_id")
    WHEN 'cas_settings' THEN (SELECT w."name" FROM "workspaces" w WHERE w."id" = l."workspace_id")
  END,
  l."before"->>'title', l."after"->>'title', l."before"->>'name', l."after"->>'name',
  l."before"->'name_lang'->>'en', l."after"->'name_lang'->>'en', l."before"->>'email', l."after"->>'email'
)
FROM (
  SELECT "workspace_id", "id",
    CASE WHEN "object_id" ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN "object_id"::uuid END AS "object_uuid"
  FROM "activity_logs"
) AS k
WHERE k."workspace_id" = l."workspace_id" AND k."id" = l."id" AND l."object_name" IS NULL;
