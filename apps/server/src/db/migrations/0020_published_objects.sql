CREATE TABLE "published_object" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"publication_id" integer NOT NULL
);
--> statement-breakpoint
-- hand-written below: what the publications written so far name
INSERT INTO "published_object" ("storage_key", "publication_id")
SELECT DISTINCT ON (k) k, id FROM (
  SELECT p.id, p.site -> 'layout' ->> 'logoKey' AS k FROM "publication" p WHERE p.number IS NOT NULL
  UNION ALL SELECT p.id, r ->> 'storageKey' FROM "publication" p, jsonb_array_elements(p.site -> 'layout' -> 'publicResources') r WHERE p.number IS NOT NULL
  UNION ALL SELECT p.id, t ->> 'imageKey' FROM "publication" p, jsonb_array_elements(p.site -> 'productTypes') t WHERE p.number IS NOT NULL
  UNION ALL SELECT p.id, t ->> 'heroImageHcpKey' FROM "publication" p, jsonb_array_elements(p.site -> 'productTypes') t WHERE p.number IS NOT NULL
  UNION ALL SELECT p.id, t ->> 'heroImagePatientKey' FROM "publication" p, jsonb_array_elements(p.site -> 'productTypes') t WHERE p.number IS NOT NULL
  UNION ALL SELECT r.publication_id, r.storage_key FROM "pub_remark" r JOIN "publication" p ON p.id = r.publication_id WHERE p.number IS NOT NULL
) s WHERE k IS NOT NULL ORDER BY k, id
ON CONFLICT DO NOTHING;
