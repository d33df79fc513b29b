CREATE TABLE "document_count" (
	"business_unit_id" integer PRIMARY KEY NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "grouped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "published_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "published_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "scheduled_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "linked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "document_count" ADD CONSTRAINT "document_count_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_type_orphan_idx" ON "product" USING btree ("product_type_id",lower("key_code")) WHERE NOT "product"."grouped";--> statement-breakpoint
CREATE INDEX "product_type_last_modified_idx" ON "product" USING btree ("product_type_id","last_modified_date");--> statement-breakpoint
CREATE INDEX "product_type_created_idx" ON "product" USING btree ("product_type_id","created_date");--> statement-breakpoint
CREATE INDEX "product_type_publish_date_idx" ON "product" USING btree ("product_type_id","publish_date");--> statement-breakpoint
CREATE INDEX "document_unit_scheduled_idx" ON "document" USING btree ("business_unit_id","scheduled_until") WHERE "document"."scheduled_until" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "document_unit_orphan_idx" ON "document" USING btree ("business_unit_id",lower("number")) WHERE NOT "document"."linked";--> statement-breakpoint
CREATE INDEX "internationalization_unit_entity_language_idx" ON "internationalization" USING btree ("business_unit_id","entity_name","interface_language_iso","translation_key");--> statement-breakpoint
-- hand-written below
-- What a document's publish-state and orphan filters narrow by, kept on the document in the
-- transaction of every write that changes it (decision 0060): dates only, the clock and the live
-- publication are checked by the search. The documents are locked first, so that the aggregate
-- reads what a concurrent writer of the same document committed.
CREATE FUNCTION document_keep_publish_dates(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "document" WHERE id IN (SELECT unnest(ids)) ORDER BY id FOR NO KEY UPDATE;
  UPDATE "document" d SET published_from = s.published_from, published_until = s.published_until, scheduled_until = s.scheduled_until
  FROM (SELECT dd.id,
          min(f.current_publish_date) FILTER (WHERE f.archive_date IS NULL OR f.archive_date > f.current_publish_date) AS published_from,
          CASE WHEN NOT bool_or(f.archive_date IS NULL AND f.current_publish_date IS NOT NULL) THEN
            max(f.archive_date) FILTER (WHERE f.archive_date > f.current_publish_date) END AS published_until,
          max(least(f.current_publish_date, f.archive_date)) AS scheduled_until
        FROM "document" dd LEFT JOIN "file" f ON f.document_id = dd.id AND f.current_publish_date IS NOT NULL
        WHERE dd.id IN (SELECT unnest(ids)) GROUP BY dd.id) s
  WHERE d.id = s.id AND (d.published_from IS DISTINCT FROM s.published_from OR d.published_until IS DISTINCT FROM s.published_until
    OR d.scheduled_until IS DISTINCT FROM s.scheduled_until);
END $$;--> statement-breakpoint
CREATE FUNCTION file_keep_document_dates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM document_keep_publish_dates(ARRAY(SELECT DISTINCT n.document_id FROM new_files n WHERE n.current_publish_date IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM document_keep_publish_dates(ARRAY(SELECT DISTINCT o.document_id FROM old_files o WHERE o.current_publish_date IS NOT NULL));
  ELSE
    PERFORM document_keep_publish_dates(ARRAY(
      SELECT o.document_id FROM old_files o JOIN new_files n ON n.id = o.id
      WHERE o.current_publish_date IS DISTINCT FROM n.current_publish_date OR o.archive_date IS DISTINCT FROM n.archive_date
        OR o.document_id IS DISTINCT FROM n.document_id
      UNION SELECT n.document_id FROM old_files o JOIN new_files n ON n.id = o.id WHERE o.document_id IS DISTINCT FROM n.document_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER file_document_dates_insert AFTER INSERT ON "file" REFERENCING NEW TABLE AS new_files
  FOR EACH STATEMENT EXECUTE FUNCTION file_keep_document_dates();--> statement-breakpoint
CREATE TRIGGER file_document_dates_update AFTER UPDATE ON "file" REFERENCING OLD TABLE AS old_files NEW TABLE AS new_files
  FOR EACH STATEMENT EXECUTE FUNCTION file_keep_document_dates();--> statement-breakpoint
CREATE TRIGGER file_document_dates_delete AFTER DELETE ON "file" REFERENCING OLD TABLE AS old_files
  FOR EACH STATEMENT EXECUTE FUNCTION file_keep_document_dates();--> statement-breakpoint
CREATE FUNCTION document_keep_linked(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "document" WHERE id IN (SELECT unnest(ids)) ORDER BY id FOR NO KEY UPDATE;
  UPDATE "document" d SET linked = s.linked
  FROM (SELECT dd.id, EXISTS (SELECT 1 FROM document_product_group g WHERE g.document_id = dd.id)
          OR EXISTS (SELECT 1 FROM document_product p WHERE p.document_id = dd.id) AS linked
        FROM "document" dd WHERE dd.id IN (SELECT unnest(ids))) s
  WHERE d.id = s.id AND d.linked IS DISTINCT FROM s.linked;
END $$;--> statement-breakpoint
CREATE FUNCTION document_link_keep_linked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM document_keep_linked(ARRAY(SELECT DISTINCT document_id FROM new_links));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM document_keep_linked(ARRAY(SELECT DISTINCT document_id FROM old_links));
  ELSE
    PERFORM document_keep_linked(ARRAY(SELECT document_id FROM old_links UNION SELECT document_id FROM new_links));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER document_product_group_linked_insert AFTER INSERT ON "document_product_group" REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION document_link_keep_linked();--> statement-breakpoint
CREATE TRIGGER document_product_group_linked_update AFTER UPDATE ON "document_product_group" REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION document_link_keep_linked();--> statement-breakpoint
CREATE TRIGGER document_product_group_linked_delete AFTER DELETE ON "document_product_group" REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION document_link_keep_linked();--> statement-breakpoint
CREATE TRIGGER document_product_linked_insert AFTER INSERT ON "document_product" REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION document_link_keep_linked();--> statement-breakpoint
CREATE TRIGGER document_product_linked_update AFTER UPDATE ON "document_product" REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION document_link_keep_linked();--> statement-breakpoint
CREATE TRIGGER document_product_linked_delete AFTER DELETE ON "document_product" REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION document_link_keep_linked();--> statement-breakpoint
-- backfill
UPDATE "document" d SET published_from = s.published_from, published_until = s.published_until, scheduled_until = s.scheduled_until
FROM (SELECT f.document_id,
        min(f.current_publish_date) FILTER (WHERE f.archive_date IS NULL OR f.archive_date > f.current_publish_date) AS published_from,
        CASE WHEN NOT bool_or(f.archive_date IS NULL) THEN max(f.archive_date) FILTER (WHERE f.archive_date > f.current_publish_date) END
          AS published_until,
        max(least(f.current_publish_date, f.archive_date)) AS scheduled_until
      FROM "file" f WHERE f.current_publish_date IS NOT NULL GROUP BY f.document_id) s
WHERE d.id = s.document_id;--> statement-breakpoint
UPDATE "document" d SET linked = true
WHERE EXISTS (SELECT 1 FROM document_product_group g WHERE g.document_id = d.id) OR EXISTS (SELECT 1 FROM document_product p WHERE p.document_id = d.id);
--> statement-breakpoint
-- the state's check of a document's files reads the index alone, the current version included
DROP INDEX file_document_state_idx;--> statement-breakpoint
CREATE INDEX file_document_state_idx ON "file" (document_id) INCLUDE (current_publish_date, archive_date, current_version_id);--> statement-breakpoint
-- every unit's number of documents, kept in the changing transaction (documents do not change unit)
INSERT INTO document_count (business_unit_id, documents) SELECT business_unit_id, count(*) FROM "document" GROUP BY business_unit_id;--> statement-breakpoint
CREATE FUNCTION document_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_count AS c (business_unit_id, documents)
  SELECT business_unit_id, count(*) FROM added_documents GROUP BY business_unit_id ORDER BY business_unit_id
  ON CONFLICT (business_unit_id) DO UPDATE SET documents = c.documents + excluded.documents;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION document_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE document_count c SET documents = c.documents - d.n
  FROM (SELECT business_unit_id, count(*) AS n FROM removed_documents GROUP BY business_unit_id) d
  WHERE c.business_unit_id = d.business_unit_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER document_count_insert AFTER INSERT ON "document" REFERENCING NEW TABLE AS added_documents
  FOR EACH STATEMENT EXECUTE FUNCTION document_count_inserted();--> statement-breakpoint
CREATE TRIGGER document_count_delete AFTER DELETE ON "document" REFERENCING OLD TABLE AS removed_documents
  FOR EACH STATEMENT EXECUTE FUNCTION document_count_deleted();;--> statement-breakpoint
-- a product in no group is an orphan: kept on the product in the transaction of every change of
-- the groups' members (a group or a product deleted removes its members, and the trigger follows)
CREATE FUNCTION product_keep_grouped(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "product" WHERE id IN (SELECT unnest(ids)) ORDER BY id FOR NO KEY UPDATE;
  UPDATE "product" p SET grouped = s.grouped
  FROM (SELECT pp.id, EXISTS (SELECT 1 FROM product_group_product m WHERE m.product_id = pp.id) AS grouped
        FROM "product" pp WHERE pp.id IN (SELECT unnest(ids))) s
  WHERE p.id = s.id AND p.grouped IS DISTINCT FROM s.grouped;
END $$;--> statement-breakpoint
CREATE FUNCTION product_group_member_keep_grouped() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM product_keep_grouped(ARRAY(SELECT DISTINCT product_id FROM new_members));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM product_keep_grouped(ARRAY(SELECT DISTINCT product_id FROM old_members));
  ELSE
    PERFORM product_keep_grouped(ARRAY(SELECT product_id FROM old_members UNION SELECT product_id FROM new_members));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_group_product_grouped_insert AFTER INSERT ON "product_group_product" REFERENCING NEW TABLE AS new_members
  FOR EACH STATEMENT EXECUTE FUNCTION product_group_member_keep_grouped();--> statement-breakpoint
CREATE TRIGGER product_group_product_grouped_update AFTER UPDATE ON "product_group_product" REFERENCING OLD TABLE AS old_members NEW TABLE AS new_members
  FOR EACH STATEMENT EXECUTE FUNCTION product_group_member_keep_grouped();--> statement-breakpoint
CREATE TRIGGER product_group_product_grouped_delete AFTER DELETE ON "product_group_product" REFERENCING OLD TABLE AS old_members
  FOR EACH STATEMENT EXECUTE FUNCTION product_group_member_keep_grouped();--> statement-breakpoint
UPDATE "product" p SET grouped = true WHERE EXISTS (SELECT 1 FROM product_group_product m WHERE m.product_id = p.id);
