CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_email" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "login_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "login_limits_expires_at_idx" ON "login_limits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
-- Written by hand below this line (Drizzle does not generate functions or triggers). A session (a refresh-token
-- family) that ends is announced on the channel shop_sessions with its user's id, which each API process LISTENs
-- to (apps/api/src/modules/users/sessions.ts), so its access tokens are refused everywhere at once.
CREATE FUNCTION shop_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('shop_sessions', user_id::text) FROM (SELECT DISTINCT user_id FROM gone) AS ended;
  ELSE
    PERFORM pg_notify('shop_sessions', user_id::text) FROM (
      SELECT DISTINCT now_rows.user_id FROM now_rows JOIN then_rows ON then_rows.id = now_rows.id
      WHERE then_rows.revoked_at IS NULL AND now_rows.revoked_at IS NOT NULL
    ) AS ended;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_revoked AFTER UPDATE ON refresh_tokens
  REFERENCING OLD TABLE AS then_rows NEW TABLE AS now_rows
  FOR EACH STATEMENT EXECUTE FUNCTION shop_sessions_ended();
--> statement-breakpoint
CREATE TRIGGER refresh_tokens_deleted AFTER DELETE ON refresh_tokens REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION shop_sessions_ended();
--> statement-breakpoint
-- The audit trail is written once and never changed: not by the API, nor a script, nor an operator's slip.
CREATE FUNCTION audit_log_unchangeable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail cannot be changed or deleted (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_unchangeable();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_unchangeable();
