-- Issue 16 (decision 041): "must change the password" is now always honoured. Before, every account an
-- admin created with a password got the flag, but it held only where the school had switched on
-- force_password_change. Clear it where that setting was off, so an upgrade does not suddenly hold back
-- people who have used their accounts for weeks; schools with the setting on keep what they had.
UPDATE "users" SET "must_change_password" = false
WHERE "must_change_password"
  AND NOT EXISTS (
    SELECT 1 FROM "config" c
    WHERE c."school_id" = "users"."school_id" AND c."key" = 'force_password_change' AND lower(trim(c."value")) = 'true'
  );
