-- A link e-mailed to an address is for that address: when an account's e-mail changes (its own
-- edit, its company's or admin's, or a revert), the unused reset and invite links it was sent
-- stop working, whichever call changed it.
CREATE OR REPLACE FUNCTION drop_links_of_old_email() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM password_resets WHERE user_id = NEW.id AND used_at IS NULL;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER users_email_links AFTER UPDATE OF email ON users FOR EACH ROW
  WHEN (lower(OLD.email) IS DISTINCT FROM lower(NEW.email))
  EXECUTE FUNCTION drop_links_of_old_email();
