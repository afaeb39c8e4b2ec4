-- The supplement catalogue is read by the cached recommendations answer (lib/dashboard/answers.ts) but,
-- having no "userId", had no data-version trigger (migration 20261122052511_data_version): a supplement
-- taken off the catalogue kept showing until the member's next change or the next UTC day.
--
-- The catalogue is everyone's, so a change cannot move one owner's version on. The answer shows the
-- still-active catalogue rows that the day's stored recommendation set names, and a set is made once a day
-- (lib/dashboard/recommendations.ts): a change to a supplement moves on the version of each member whose set
-- of today names it. Yesterday's sets count too, for an app server whose clock is a little behind.
CREATE FUNCTION "bump_data_version_of_supplement_readers"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_slugs TEXT[];
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- A renamed slug: the sets name the old one.
    changed_slugs := ARRAY(SELECT "slug" FROM "changed_rows" UNION SELECT "slug" FROM "previous_rows");
  ELSE
    changed_slugs := ARRAY(SELECT "slug" FROM "changed_rows");
  END IF;
  UPDATE "users" SET "dataVersion" = "dataVersion" + 1
  WHERE "id" IN (
    SELECT r."userId" FROM "recommendation_sets" r
    WHERE r."day" >= (now() AT TIME ZONE 'UTC')::date - 1 AND r."supplementSlugs" && changed_slugs
  );
  RETURN NULL;
END $$;

CREATE TRIGGER "supplements_data_version_insert" AFTER INSERT ON "supplements"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_supplement_readers"();
CREATE TRIGGER "supplements_data_version_update" AFTER UPDATE ON "supplements"
  REFERENCING OLD TABLE AS "previous_rows" NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_supplement_readers"();
CREATE TRIGGER "supplements_data_version_delete" AFTER DELETE ON "supplements"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_supplement_readers"();
