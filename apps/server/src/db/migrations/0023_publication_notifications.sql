-- Custom SQL migration file, put your code below! --
-- hand-written below
-- Every change of the publication table announces itself on the channel vellum_publication, from
-- the changing transaction, so it reaches every server process only once (and only if) it commits;
-- each process then forgets which publication it held live per unit (decision 0047). A trigger
-- rather than calls in the services: no writer (publishing, a unit's deletion cascading, a script,
-- psql) can forget it. Once per statement: a publish writes a handful of rows, a deletion many.
CREATE FUNCTION vellum_publication_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vellum_publication', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vellum_publication_rows AFTER INSERT OR UPDATE OR DELETE ON "publication"
  FOR EACH STATEMENT EXECUTE FUNCTION vellum_publication_changed();--> statement-breakpoint
CREATE TRIGGER vellum_publication_truncate AFTER TRUNCATE ON "publication"
  FOR EACH STATEMENT EXECUTE FUNCTION vellum_publication_changed();
