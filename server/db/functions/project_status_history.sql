-- A project's Status, Payment Status, Risk and status by PM after each change, with who made
-- it (the transaction's app.actor, named as it is now: the name is copied) and when. A row
-- trigger on projects, so no path that writes them is left out; an update that changes none of
-- the four (a price, a PM) adds nothing. A restore switches it off (a copy is not a change) and
-- brings the history back from the backup.
CREATE OR REPLACE FUNCTION project_status_history_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('app.actor', true), '')::uuid;
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.status IS NOT DISTINCT FROM OLD.status
     AND NEW.payment_status IS NOT DISTINCT FROM OLD.payment_status
     AND NEW.risk IS NOT DISTINCT FROM OLD.risk
     AND NEW.status_by_pm IS NOT DISTINCT FROM OLD.status_by_pm THEN
    RETURN NULL;
  END IF;
  INSERT INTO project_status_history
    (project_id, company_id, actor_id, actor_name, actor_role, status, payment_status, risk, status_by_pm)
  SELECT NEW.id, NEW.company_id, u.id, coalesce(u.name, ''), coalesce(u.role::text, ''),
         NEW.status, NEW.payment_status, NEW.risk, NEW.status_by_pm
    FROM (SELECT 1) AS one
    LEFT JOIN users u ON u.id = actor;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER projects_status_history AFTER INSERT OR UPDATE ON projects
  FOR EACH ROW EXECUTE FUNCTION project_status_history_row();
