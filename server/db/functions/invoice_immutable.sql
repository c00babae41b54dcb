-- An issued invoice or credit note is never edited or deleted: only its status, what
-- receipts and credit notes settled of it, and the project it is filed under (none once the
-- project is deleted) move on. The services refuse first, with a message;
-- this refuses any other path. A draft becomes issued in one update (its number, figures and
-- snapshots), and its lines change only while it is a draft. A company deleted takes its
-- invoices with it: by then its row is gone, and so is the refusal.
CREATE OR REPLACE FUNCTION invoice_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moving text[] := ARRAY['status', 'received_paise', 'tds_paise', 'credited_paise', 'project_id',
                         'updated_at', 'version'];
BEGIN
  IF OLD.status = 'draft' THEN
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM users WHERE id = OLD.company_id) THEN
      RAISE EXCEPTION 'an issued invoice cannot be deleted' USING ERRCODE = 'P0001';
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.status = 'draft' OR to_jsonb(OLD) - moving IS DISTINCT FROM to_jsonb(NEW) - moving THEN
    RAISE EXCEPTION 'an issued invoice cannot be changed' USING ERRCODE = 'P0001';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_immutable();

CREATE OR REPLACE FUNCTION invoice_lines_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM invoices
              WHERE id IN (OLD.invoice_id, NEW.invoice_id) AND status <> 'draft') THEN
    RAISE EXCEPTION 'the lines of an issued invoice cannot be changed' USING ERRCODE = 'P0001';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END
$$;

CREATE OR REPLACE TRIGGER invoice_lines_immutable BEFORE INSERT OR UPDATE OR DELETE ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION invoice_lines_immutable();
