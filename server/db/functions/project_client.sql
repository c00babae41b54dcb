-- A project for one of the company's clients shows that client's name and mobile in its
-- ClientName and ClientNumber columns: they are kept filled from the client on every write
-- of the project and of the client, so every list, search and export reads them unchanged.
CREATE OR REPLACE FUNCTION project_client() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.name, coalesce(c.mobile, '') INTO NEW.client_name, NEW.client_number
    FROM clients c WHERE c.id = NEW.client_id AND c.company_id = NEW.company_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'the client is not the company''s' USING ERRCODE = '23503';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER projects_client BEFORE INSERT OR UPDATE ON projects
  FOR EACH ROW WHEN (NEW.client_id IS NOT NULL) EXECUTE FUNCTION project_client();

CREATE OR REPLACE FUNCTION client_projects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE projects SET client_name = NEW.name, client_number = coalesce(NEW.mobile, '')
   WHERE client_id = NEW.id
     AND (client_name, client_number) IS DISTINCT FROM (NEW.name, coalesce(NEW.mobile, ''));
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER clients_projects AFTER UPDATE OF name, mobile ON clients
  FOR EACH ROW WHEN ((OLD.name, OLD.mobile) IS DISTINCT FROM (NEW.name, NEW.mobile))
  EXECUTE FUNCTION client_projects();
