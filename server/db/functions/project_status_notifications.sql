-- A project's latest status by its PM: one notification per project, brought back unread
-- with each update.
CREATE OR REPLACE FUNCTION notify_project_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('app.actor', true), '')::uuid;
BEGIN
  INSERT INTO notifications (user_id, kind, record_id, details)
  SELECT n.company_id, 'project_status', n.id, jsonb_build_object(
           'project', n.project_name, 'status', n.status_by_pm, 'by', pm.name)
    FROM removed o
    JOIN added n ON n.id = o.id
    JOIN users pm ON pm.id = actor AND pm.role = 'pm'
   WHERE n.status_by_pm IS DISTINCT FROM o.status_by_pm
  ON CONFLICT (user_id, kind, record_id) DO UPDATE
     SET details = excluded.details, created_at = now(), read_at = NULL;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER projects_notifications AFTER UPDATE ON projects
  REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_project_status();
