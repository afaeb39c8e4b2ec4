-- AlterTable
ALTER TABLE "users" ADD COLUMN     "dataVersion" BIGINT NOT NULL DEFAULT 0;

-- users."dataVersion" moves on with every change to what a user's dashboard reads, in the transaction
-- that makes the change: answers cached per server process are keyed by it (lib/answer-cache.ts), so an
-- answer computed before a change is never served after it. No write path can forget to bump it.

-- A change to the user's own row (profile, units, notifications...) that does not set the version itself.
CREATE FUNCTION "bump_data_version_on_user_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."dataVersion" = OLD."dataVersion" AND NEW IS DISTINCT FROM OLD THEN
    NEW."dataVersion" := OLD."dataVersion" + 1;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "users_data_version" BEFORE UPDATE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "bump_data_version_on_user_update"();

-- Once per statement on a table with a "userId": the owners of the rows it inserted, updated or deleted.
CREATE FUNCTION "bump_data_version_of_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "dataVersion" = "dataVersion" + 1
  WHERE "id" IN (SELECT DISTINCT "userId" FROM "changed_rows");
  RETURN NULL;
END $$;

-- daily_actions belong to their user through their set.
CREATE FUNCTION "bump_data_version_of_action_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "dataVersion" = "dataVersion" + 1
  WHERE "id" IN (SELECT s."userId" FROM "daily_action_sets" s WHERE s."id" IN (SELECT "setId" FROM "changed_rows"));
  RETURN NULL;
END $$;

-- A trigger with a transition table takes one event, so each table has three.

CREATE TRIGGER "subscriptions_data_version_insert" AFTER INSERT ON "subscriptions"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "subscriptions_data_version_update" AFTER UPDATE ON "subscriptions"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "subscriptions_data_version_delete" AFTER DELETE ON "subscriptions"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "wearable_connections_data_version_insert" AFTER INSERT ON "wearable_connections"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "wearable_connections_data_version_update" AFTER UPDATE ON "wearable_connections"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "wearable_connections_data_version_delete" AFTER DELETE ON "wearable_connections"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "daily_metrics_data_version_insert" AFTER INSERT ON "daily_metrics"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "daily_metrics_data_version_update" AFTER UPDATE ON "daily_metrics"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "daily_metrics_data_version_delete" AFTER DELETE ON "daily_metrics"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "heart_rate_samples_data_version_insert" AFTER INSERT ON "heart_rate_samples"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "heart_rate_samples_data_version_update" AFTER UPDATE ON "heart_rate_samples"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "heart_rate_samples_data_version_delete" AFTER DELETE ON "heart_rate_samples"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "vital_scans_data_version_insert" AFTER INSERT ON "vital_scans"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "vital_scans_data_version_update" AFTER UPDATE ON "vital_scans"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "vital_scans_data_version_delete" AFTER DELETE ON "vital_scans"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "daily_checkins_data_version_insert" AFTER INSERT ON "daily_checkins"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "daily_checkins_data_version_update" AFTER UPDATE ON "daily_checkins"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "daily_checkins_data_version_delete" AFTER DELETE ON "daily_checkins"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "daily_action_sets_data_version_insert" AFTER INSERT ON "daily_action_sets"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "daily_action_sets_data_version_update" AFTER UPDATE ON "daily_action_sets"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "daily_action_sets_data_version_delete" AFTER DELETE ON "daily_action_sets"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "recommendation_sets_data_version_insert" AFTER INSERT ON "recommendation_sets"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "recommendation_sets_data_version_update" AFTER UPDATE ON "recommendation_sets"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "recommendation_sets_data_version_delete" AFTER DELETE ON "recommendation_sets"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "notifications_data_version_insert" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "notifications_data_version_update" AFTER UPDATE ON "notifications"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "notifications_data_version_delete" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "lab_reports_data_version_insert" AFTER INSERT ON "lab_reports"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "lab_reports_data_version_update" AFTER UPDATE ON "lab_reports"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "lab_reports_data_version_delete" AFTER DELETE ON "lab_reports"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "lab_results_data_version_insert" AFTER INSERT ON "lab_results"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "lab_results_data_version_update" AFTER UPDATE ON "lab_results"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();
CREATE TRIGGER "lab_results_data_version_delete" AFTER DELETE ON "lab_results"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_owners"();

CREATE TRIGGER "daily_actions_data_version_insert" AFTER INSERT ON "daily_actions"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_action_owners"();
CREATE TRIGGER "daily_actions_data_version_update" AFTER UPDATE ON "daily_actions"
  REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_action_owners"();
CREATE TRIGGER "daily_actions_data_version_delete" AFTER DELETE ON "daily_actions"
  REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version_of_action_owners"();
