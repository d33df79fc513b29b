CREATE INDEX "pub_product_lot_range_ids_idx" ON "pub_product" USING gin ("lot_range_ids");--> statement-breakpoint
-- hand-written below
-- a publish stamps the publish date of up to every current version of a unit in one UPDATE; the
-- update trigger of migration 0014 then recomputed each file's current version from all its
-- versions. When no updated row moved to another file or changed its date, the current version
-- cannot change: only the publish date of the versions that are current is copied to their file.
CREATE FUNCTION file_keep_current_version_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a set difference, not a join: transition tables have neither indexes nor statistics, and a
  -- nested loop over two of 200,000 rows would not end
  IF EXISTS (SELECT changed.id, changed.file_id, changed.version_date FROM changed
             EXCEPT SELECT before_rows.id, before_rows.file_id, before_rows.version_date FROM before_rows) THEN
    UPDATE "file" f SET current_version_id = c.id, current_publish_date = c.publish_date
    FROM (SELECT DISTINCT ON (v.file_id) v.file_id, v.id, v.publish_date FROM file_version v
          WHERE v.file_id IN (SELECT changed.file_id FROM changed UNION SELECT before_rows.file_id FROM before_rows)
          ORDER BY v.file_id, v.version_date DESC, v.id DESC) c
    WHERE f.id = c.file_id
      AND (f.current_version_id IS DISTINCT FROM c.id OR f.current_publish_date IS DISTINCT FROM c.publish_date);
    UPDATE "file" f SET current_version_id = NULL, current_publish_date = NULL
    WHERE f.id IN (SELECT before_rows.file_id FROM before_rows) AND f.current_version_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM file_version v WHERE v.file_id = f.id);
  ELSE
    -- through the file's primary key (current_version_id has no index)
    UPDATE "file" f SET current_publish_date = n.publish_date
    FROM changed n
    WHERE f.id = n.file_id AND f.current_version_id = n.id AND f.current_publish_date IS DISTINCT FROM n.publish_date;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER file_version_current_update ON "file_version";--> statement-breakpoint
CREATE TRIGGER file_version_current_update AFTER UPDATE ON "file_version" REFERENCING OLD TABLE AS before_rows NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION file_keep_current_version_on_update();
