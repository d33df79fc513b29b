ALTER TABLE "document" ADD COLUMN "live_state" text;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "live_state_content_id" integer;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "live_state_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document" ADD COLUMN "live_state_until" timestamp with time zone;--> statement-breakpoint
-- hand-written below
-- A document's publish state against the unit's live content, kept with the window of time in
-- which it holds (decision 0066). Only the files whose current version has a date and is held by
-- the live content count; between two of their dates (publish or archive) the state cannot change.
-- The documents are locked first, so that the aggregate reads what a concurrent writer committed.
CREATE FUNCTION document_keep_live_state(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "document" WHERE id IN (SELECT unnest(ids)) ORDER BY id FOR NO KEY UPDATE;
  UPDATE "document" d SET live_state = s.state, live_state_content_id = s.content_id,
    live_state_from = s.valid_from, live_state_until = s.valid_until
  FROM (SELECT dd.id, lc.content_id,
          CASE WHEN bool_or(f.current_publish_date <= now() AND (f.archive_date IS NULL OR f.archive_date > now())) THEN 'PUBLISHED'
            WHEN bool_or(f.current_publish_date > now() AND (f.archive_date IS NULL OR f.archive_date > now())) THEN 'SCHEDULED'
            ELSE 'UNPUBLISHED' END AS state,
          greatest(max(f.current_publish_date) FILTER (WHERE f.current_publish_date <= now()),
            max(f.archive_date) FILTER (WHERE f.archive_date <= now())) AS valid_from,
          least(min(f.current_publish_date) FILTER (WHERE f.current_publish_date > now()),
            min(f.archive_date) FILTER (WHERE f.archive_date > now())) AS valid_until
        FROM "document" dd
        CROSS JOIN LATERAL (SELECT coalesce((SELECT p.content_id FROM publication p
          WHERE p.business_unit_id = dd.business_unit_id AND p.number IS NOT NULL ORDER BY p.number DESC LIMIT 1), 0) AS content_id) lc
        LEFT JOIN "file" f ON f.document_id = dd.id AND f.current_publish_date IS NOT NULL
          AND EXISTS (SELECT 1 FROM pub_file_version lv WHERE lv.publication_id = lc.content_id AND lv.file_version_id = f.current_version_id)
        WHERE dd.id IN (SELECT unnest(ids)) GROUP BY dd.id, lc.content_id) s
  WHERE d.id = s.id AND (d.live_state IS DISTINCT FROM s.state OR d.live_state_content_id IS DISTINCT FROM s.content_id
    OR d.live_state_from IS DISTINCT FROM s.valid_from OR d.live_state_until IS DISTINCT FROM s.valid_until);
END $$;--> statement-breakpoint
-- the file triggers keep the dates (decision 0060) and forget the kept state of the documents whose
-- files changed, in the same row write: those are checked against their files until the refresh
-- job or the sweep computes them again (computing it here would cost every publish's stamping, and
-- a publish makes it stale at its commit anyway)
CREATE OR REPLACE FUNCTION document_keep_publish_dates(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "document" WHERE id IN (SELECT unnest(ids)) ORDER BY id FOR NO KEY UPDATE;
  UPDATE "document" d SET published_from = s.published_from, published_until = s.published_until, scheduled_until = s.scheduled_until,
    live_state_content_id = NULL
  FROM (SELECT dd.id,
          min(f.current_publish_date) FILTER (WHERE f.archive_date IS NULL OR f.archive_date > f.current_publish_date) AS published_from,
          CASE WHEN NOT bool_or(f.archive_date IS NULL AND f.current_publish_date IS NOT NULL) THEN
            max(f.archive_date) FILTER (WHERE f.archive_date > f.current_publish_date) END AS published_until,
          max(least(f.current_publish_date, f.archive_date)) AS scheduled_until
        FROM "document" dd LEFT JOIN "file" f ON f.document_id = dd.id AND f.current_publish_date IS NOT NULL
        WHERE dd.id IN (SELECT unnest(ids)) GROUP BY dd.id) s
  WHERE d.id = s.id AND (d.published_from IS DISTINCT FROM s.published_from OR d.published_until IS DISTINCT FROM s.published_until
    OR d.scheduled_until IS DISTINCT FROM s.scheduled_until OR d.live_state_content_id IS NOT NULL);
END $$;--> statement-breakpoint
-- a new current version of a dated file changes what the live content holds of it, its dates unchanged
CREATE OR REPLACE FUNCTION file_keep_document_dates() RETURNS trigger LANGUAGE plpgsql AS $$
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
        OR (o.current_version_id IS DISTINCT FROM n.current_version_id AND n.current_publish_date IS NOT NULL)
      UNION SELECT n.document_id FROM old_files o JOIN new_files n ON n.id = o.id WHERE o.document_id IS DISTINCT FROM n.document_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- backfill: every document against its unit's live content now
SELECT document_keep_live_state(ARRAY(SELECT id FROM "document"));
