-- Custom SQL migration file, put your code below! --
-- hand-written below
-- Every change that can alter who a request is or what it may do announces itself on the channel
-- vellum_access, from the changing transaction, so it is delivered to every server process only
-- once (and only if) it commits; each process then forgets what it cached (ADR 0015). Triggers
-- rather than calls in the services: no writer (a service, a script, psql) can forget it.
CREATE FUNCTION vellum_access_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('vellum_access', 'user:' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('vellum_access', 'user:' || NEW.user_id); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION vellum_access_user_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vellum_access', 'user:' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION vellum_access_all_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vellum_access', 'all');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION vellum_access_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vellum_access', 'settings');
  RETURN NULL;
END $$;--> statement-breakpoint
-- a session revoked, extended or deleted (a new session changes nothing cached)
CREATE TRIGGER vellum_access_session AFTER UPDATE OR DELETE ON "user_session"
  FOR EACH ROW EXECUTE FUNCTION vellum_access_user_changed();--> statement-breakpoint
-- a user's row: activation, lock, password, names; or the user deleted
CREATE TRIGGER vellum_access_user AFTER UPDATE OR DELETE ON "app_user"
  FOR EACH ROW EXECUTE FUNCTION vellum_access_user_row_changed();--> statement-breakpoint
CREATE TRIGGER vellum_access_group_member AFTER INSERT OR UPDATE OR DELETE ON "user_group_member"
  FOR EACH ROW EXECUTE FUNCTION vellum_access_user_changed();--> statement-breakpoint
-- a group's role or scope, its units (also when a unit is deleted), a role's rights: rare, and
-- they reach many users, so every process forgets everything
CREATE TRIGGER vellum_access_group AFTER UPDATE OR DELETE ON "user_group"
  FOR EACH STATEMENT EXECUTE FUNCTION vellum_access_all_changed();--> statement-breakpoint
CREATE TRIGGER vellum_access_group_unit AFTER INSERT OR UPDATE OR DELETE ON "user_group_business_unit"
  FOR EACH STATEMENT EXECUTE FUNCTION vellum_access_all_changed();--> statement-breakpoint
CREATE TRIGGER vellum_access_role AFTER UPDATE OR DELETE ON "role"
  FOR EACH STATEMENT EXECUTE FUNCTION vellum_access_all_changed();--> statement-breakpoint
CREATE TRIGGER vellum_access_settings AFTER INSERT OR UPDATE OR DELETE ON "manufacturer"
  FOR EACH STATEMENT EXECUTE FUNCTION vellum_access_settings_changed();
