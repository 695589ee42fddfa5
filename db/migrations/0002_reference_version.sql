CREATE TABLE "reference_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reference_version" ADD CONSTRAINT "reference_version_one_row" CHECK ("id" = 1);--> statement-breakpoint
INSERT INTO "reference_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
-- Any write to reference data bumps the version in the writing transaction (statement-level: one
-- bump per statement however many rows), so instances see the change exactly when it commits.
CREATE FUNCTION "bump_reference_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "reference_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "attributes_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attributes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_version"();--> statement-breakpoint
CREATE TRIGGER "attribute_groups_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "attribute_groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_version"();--> statement-breakpoint
CREATE TRIGGER "markets_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "markets"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_version"();--> statement-breakpoint
CREATE TRIGGER "refund_reasons_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "refund_reasons"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_version"();--> statement-breakpoint
CREATE TRIGGER "content_types_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_version"();--> statement-breakpoint
CREATE TRIGGER "image_size_types_reference_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "image_size_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_reference_version"();
