CREATE TABLE "product_type_product_count" (
	"product_type_id" integer PRIMARY KEY NOT NULL,
	"products" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_type_product_count" ADD CONSTRAINT "product_type_product_count_product_type_id_product_type_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_type"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- Every product type's exact number of products, kept by statement triggers on product in the
-- changing transaction: an unfiltered list reads its total instead of counting (ADR 0016).
INSERT INTO "product_type_product_count" ("product_type_id", "products")
SELECT "product_type_id", count(*) FROM "product" GROUP BY "product_type_id";--> statement-breakpoint
CREATE FUNCTION product_type_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_type_product_count AS c (product_type_id, products)
  SELECT product_type_id, count(*) FROM added_products GROUP BY product_type_id ORDER BY product_type_id
  ON CONFLICT (product_type_id) DO UPDATE SET products = c.products + excluded.products;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_type_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- an update only: the count of a product type deleted in the same statement is gone with it
  UPDATE product_type_product_count c SET products = c.products - d.n
  FROM (SELECT product_type_id, count(*) AS n FROM removed_products GROUP BY product_type_id) d
  WHERE c.product_type_id = d.product_type_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_type_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_type_product_count c SET products = c.products - d.n
  FROM (SELECT o.product_type_id, count(*) AS n FROM removed_products o JOIN added_products a ON a.id = o.id
        WHERE a.product_type_id <> o.product_type_id GROUP BY o.product_type_id) d
  WHERE c.product_type_id = d.product_type_id;
  INSERT INTO product_type_product_count AS c (product_type_id, products)
  SELECT a.product_type_id, count(*) FROM added_products a JOIN removed_products o ON o.id = a.id
  WHERE a.product_type_id <> o.product_type_id GROUP BY a.product_type_id ORDER BY a.product_type_id
  ON CONFLICT (product_type_id) DO UPDATE SET products = c.products + excluded.products;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_type_count_insert AFTER INSERT ON "product" REFERENCING NEW TABLE AS added_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_type_count_inserted();--> statement-breakpoint
CREATE TRIGGER product_type_count_delete AFTER DELETE ON "product" REFERENCING OLD TABLE AS removed_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_type_count_deleted();--> statement-breakpoint
CREATE TRIGGER product_type_count_update AFTER UPDATE ON "product" REFERENCING OLD TABLE AS removed_products NEW TABLE AS added_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_type_count_moved();
