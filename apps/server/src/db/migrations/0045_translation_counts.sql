CREATE TABLE "internationalization_count" (
	"business_unit_id" integer NOT NULL,
	"entity_name" text NOT NULL,
	"field" text NOT NULL,
	"interface_language_iso" text NOT NULL,
	"translations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "internationalization_count_pk" PRIMARY KEY("business_unit_id","entity_name","field","interface_language_iso")
);
--> statement-breakpoint
ALTER TABLE "internationalization_count" ADD CONSTRAINT "internationalization_count_business_unit_id_business_unit_id_fk" FOREIGN KEY ("business_unit_id") REFERENCES "public"."business_unit"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- A unit's number of translations per record type, field and language, kept by statement
-- triggers on internationalization in the changing transaction (decision 0089): the translator's
-- list reads its per-language counts here instead of visiting every translation of the record type.
-- The translations of a deleted record go with it (0009's triggers), so these rows count only
-- existing records; the list subtracts those whose English value is empty.
INSERT INTO "internationalization_count" ("business_unit_id", "entity_name", "field", "interface_language_iso", "translations")
SELECT "business_unit_id", "entity_name", "field", "interface_language_iso", count(*) FROM "internationalization"
GROUP BY "business_unit_id", "entity_name", "field", "interface_language_iso";--> statement-breakpoint
CREATE FUNCTION internationalization_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO internationalization_count AS c (business_unit_id, entity_name, field, interface_language_iso, translations)
  SELECT business_unit_id, entity_name, field, interface_language_iso, count(*) FROM added_translations
  GROUP BY business_unit_id, entity_name, field, interface_language_iso
  ORDER BY business_unit_id, entity_name, field, interface_language_iso
  ON CONFLICT (business_unit_id, entity_name, field, interface_language_iso) DO UPDATE SET translations = c.translations + excluded.translations;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION internationalization_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- an update only: the counts of a unit deleted in the same statement are gone with it
  UPDATE internationalization_count c SET translations = c.translations - d.n
  FROM (SELECT business_unit_id, entity_name, field, interface_language_iso, count(*) AS n FROM removed_translations
        GROUP BY business_unit_id, entity_name, field, interface_language_iso
        ORDER BY business_unit_id, entity_name, field, interface_language_iso) d
  WHERE c.business_unit_id = d.business_unit_id AND c.entity_name = d.entity_name AND c.field = d.field
    AND c.interface_language_iso = d.interface_language_iso;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION internationalization_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- only rows whose unit, record type, field or language changed (a value's update changes no count)
  UPDATE internationalization_count c SET translations = c.translations - d.n
  FROM (SELECT o.business_unit_id, o.entity_name, o.field, o.interface_language_iso, count(*) AS n
        FROM removed_translations o JOIN added_translations a ON a.id = o.id
        WHERE (a.business_unit_id, a.entity_name, a.field, a.interface_language_iso)
              IS DISTINCT FROM (o.business_unit_id, o.entity_name, o.field, o.interface_language_iso)
        GROUP BY o.business_unit_id, o.entity_name, o.field, o.interface_language_iso) d
  WHERE c.business_unit_id = d.business_unit_id AND c.entity_name = d.entity_name AND c.field = d.field
    AND c.interface_language_iso = d.interface_language_iso;
  INSERT INTO internationalization_count AS c (business_unit_id, entity_name, field, interface_language_iso, translations)
  SELECT a.business_unit_id, a.entity_name, a.field, a.interface_language_iso, count(*)
  FROM added_translations a JOIN removed_translations o ON o.id = a.id
  WHERE (a.business_unit_id, a.entity_name, a.field, a.interface_language_iso)
        IS DISTINCT FROM (o.business_unit_id, o.entity_name, o.field, o.interface_language_iso)
  GROUP BY a.business_unit_id, a.entity_name, a.field, a.interface_language_iso
  ORDER BY a.business_unit_id, a.entity_name, a.field, a.interface_language_iso
  ON CONFLICT (business_unit_id, entity_name, field, interface_language_iso) DO UPDATE SET translations = c.translations + excluded.translations;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER internationalization_count_insert AFTER INSERT ON "internationalization" REFERENCING NEW TABLE AS added_translations
  FOR EACH STATEMENT EXECUTE FUNCTION internationalization_count_inserted();--> statement-breakpoint
CREATE TRIGGER internationalization_count_delete AFTER DELETE ON "internationalization" REFERENCING OLD TABLE AS removed_translations
  FOR EACH STATEMENT EXECUTE FUNCTION internationalization_count_deleted();--> statement-breakpoint
CREATE TRIGGER internationalization_count_update AFTER UPDATE ON "internationalization"
  REFERENCING OLD TABLE AS removed_translations NEW TABLE AS added_translations
  FOR EACH STATEMENT EXECUTE FUNCTION internationalization_count_moved();
