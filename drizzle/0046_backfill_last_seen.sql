-- "Last seen" starts where the last sign-in was, for people who signed in before it was recorded.
UPDATE "users" SET "last_seen_at" = "last_sign_in_at" WHERE "last_seen_at" IS NULL AND "last_sign_in_at" IS NOT NULL;
