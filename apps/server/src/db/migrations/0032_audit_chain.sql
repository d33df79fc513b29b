CREATE TABLE "audit_chain" (
	"manufacturer_id" integer PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text;--> statement-breakpoint
-- hand-written below
-- The tamper-evident audit trail (decision 0065). Every audit row carries its place in the
-- manufacturer's chain and hash = SHA-256(previous hash || canonical content), set here by the
-- database in the writing transaction, whoever inserts (the application, a bulk statement, SQL by
-- hand). The canonical content is a JSON array whose text the verifier (audit-chain.ts) rebuilds
-- from the row's values: keep both in step.
CREATE FUNCTION audit_log_canonical(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT json_build_array(r.chain_seq, r.id, to_char(r.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), r.user_id, r.login,
    r.business_unit_id, r.entity_name, r.entity_id, r.entity_label, r.action, r.category, r.changes::text)::text
$$;--> statement-breakpoint
-- the chain of the installation's one manufacturer starts with 64 zeros as the previous hash
INSERT INTO audit_chain (manufacturer_id, seq, hash) VALUES (1, 0, repeat('0', 64));--> statement-breakpoint
-- existing rows, chained in id order
DO $$
DECLARE
  r audit_log;
  s bigint := 0;
  h text := repeat('0', 64);
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    s := s + 1;
    r.chain_seq := s;
    h := encode(sha256(convert_to(h || audit_log_canonical(r), 'UTF8')), 'hex');
    UPDATE audit_log SET chain_seq = s, hash = h WHERE id = r.id;
  END LOOP;
  UPDATE audit_chain SET seq = s, hash = h WHERE manufacturer_id = 1;
END $$;--> statement-breakpoint
ALTER TABLE audit_log ALTER COLUMN chain_seq SET NOT NULL;--> statement-breakpoint
ALTER TABLE audit_log ALTER COLUMN hash SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX audit_log_chain_seq_idx ON audit_log (chain_seq);--> statement-breakpoint
-- Appending: the first audit row of a transaction locks the chain's head until the transaction
-- ends (concurrent writers wait there, so the chain never forks); the running head is kept in a
-- transaction-local setting and written back to the head row once, at commit (a deferred
-- trigger): an import that audits thousands of rows in one transaction does not update one row
-- thousands of times. A rolled-back savepoint rolls the setting back with its rows.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  state text := current_setting('vellum.audit_chain', true);
  s bigint;
  prev text;
BEGIN
  IF state IS NULL OR state = '' THEN
    SELECT c.seq, c.hash INTO s, prev FROM audit_chain c WHERE c.manufacturer_id = 1 FOR UPDATE;
  ELSE
    s := split_part(state, ':', 1)::bigint;
    prev := split_part(state, ':', 2);
  END IF;
  NEW.chain_seq := s + 1;
  NEW.hash := encode(sha256(convert_to(prev || audit_log_canonical(NEW), 'UTF8')), 'hex');
  PERFORM set_config('vellum.audit_chain', NEW.chain_seq || ':' || NEW.hash, true);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION audit_log_chain_head() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  state text := current_setting('vellum.audit_chain', true);
BEGIN
  IF state IS NOT NULL AND state <> '' AND state IS DISTINCT FROM current_setting('vellum.audit_chain_written', true) THEN
    UPDATE audit_chain SET seq = split_part(state, ':', 1)::bigint, hash = split_part(state, ':', 2) WHERE manufacturer_id = 1;
    PERFORM set_config('vellum.audit_chain_written', state, true);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_chain_head AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain_head();--> statement-breakpoint
-- The database refuses to change or remove audit rows (21 CFR Part 11), and the chain's head
-- changes only through the insert trigger above.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log cannot be changed: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();--> statement-breakpoint
CREATE FUNCTION audit_chain_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'the audit chain''s head changes only with the audit log: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_chain_no_change BEFORE UPDATE OR DELETE ON audit_chain FOR EACH ROW EXECUTE FUNCTION audit_chain_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_chain_no_truncate BEFORE TRUNCATE ON audit_chain FOR EACH STATEMENT EXECUTE FUNCTION audit_chain_refuse_change();
