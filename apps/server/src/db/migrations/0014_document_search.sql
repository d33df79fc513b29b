ALTER TABLE "file" ADD COLUMN "current_version_id" integer;--> statement-breakpoint
ALTER TABLE "file" ADD COLUMN "current_publish_date" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "document_attribute_value_value_idx" ON "document_attribute_value" USING btree ("attribute_definition_id",lower("value"));--> statement-breakpoint
CREATE INDEX "document_attribute_value_trgm_idx" ON "document_attribute_value" USING gin (lower("value") gin_trgm_ops);--> statement-breakpoint
-- hand-written below
-- a file's current version (the last by date, then by id) and its publish date, kept on the file
-- whichever code writes versions (decision 0036); one statement-level trigger per event
CREATE FUNCTION file_keep_current_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "file" f SET current_version_id = c.id, current_publish_date = c.publish_date
  FROM (SELECT DISTINCT ON (v.file_id) v.file_id, v.id, v.publish_date FROM file_version v
        WHERE v.file_id IN (SELECT DISTINCT changed.file_id FROM changed)
        ORDER BY v.file_id, v.version_date DESC, v.id DESC) c
  WHERE f.id = c.file_id
    AND (f.current_version_id IS DISTINCT FROM c.id OR f.current_publish_date IS DISTINCT FROM c.publish_date);
  UPDATE "file" f SET current_version_id = NULL, current_publish_date = NULL
  WHERE f.id IN (SELECT DISTINCT changed.file_id FROM changed) AND f.current_version_id IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM file_version v WHERE v.file_id = f.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER file_version_current_insert AFTER INSERT ON "file_version" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION file_keep_current_version();--> statement-breakpoint
CREATE TRIGGER file_version_current_update AFTER UPDATE ON "file_version" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION file_keep_current_version();--> statement-breakpoint
CREATE TRIGGER file_version_current_delete AFTER DELETE ON "file_version" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION file_keep_current_version();--> statement-breakpoint
-- the files of a document with what its publish state needs, read from the index alone
CREATE INDEX file_document_state_idx ON "file" (document_id) INCLUDE (current_publish_date, archive_date);--> statement-breakpoint
CREATE INDEX file_current_publish_date_idx ON "file" (current_publish_date) WHERE current_publish_date IS NOT NULL;
