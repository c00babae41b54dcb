-- Every new user gets the starting three, whichever path creates it (registration, a company
-- creating its people, an admin its companies, an invite, the seed). A statement-level
-- trigger: a bulk insert of users adds their categories in one statement. A restore replaces
-- them with the backup's own (server/db/backup.ts).
CREATE OR REPLACE FUNCTION users_default_categories() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO categories (user_id, name)
  SELECT a.id, d.name FROM added a CROSS JOIN unnest(ARRAY['shopping', 'movie', 'other']) AS d(name);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_default_categories AFTER INSERT ON users
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION users_default_categories();
