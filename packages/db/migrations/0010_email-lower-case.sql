-- E-mail addresses are stored lower-cased, so that one address is one account whatever its case.
-- Accounts whose addresses differ only in case are not merged: the migration stops and names them.
DO $$
DECLARE clashes text;
BEGIN
  SELECT string_agg(address, ', ') INTO clashes
    FROM (SELECT lower(email) AS address FROM users GROUP BY 1 HAVING count(*) > 1) AS clash;
  IF clashes IS NOT NULL THEN
    RAISE EXCEPTION 'Accounts whose e-mail addresses differ only in case: %. Merge or rename them, then start again.', clashes;
  END IF;
END $$;--> statement-breakpoint
UPDATE "users" SET "email" = lower("email") WHERE "email" <> lower("email");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_lower_check" CHECK ("users"."email" = lower("users"."email"));