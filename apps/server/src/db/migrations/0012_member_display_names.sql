ALTER TABLE "memberships" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "nick_name" text;--> statement-breakpoint
-- Open invitations of people without an account show what the inviter typed, which is what their users row holds.
UPDATE "memberships" SET "first_name" = "users"."first_name", "last_name" = "users"."last_name", "nick_name" = "users"."nick_name" FROM "users" WHERE "memberships"."user_id" = "users"."id" AND "memberships"."status" = 'invited' AND "users"."password_hash" IS NULL;
