-- A ledger entry reconciled with a bank statement (a statement line names it, matched or
-- created from the line) is never reversed: the statement says the money moved. The
-- reconciliation is undone first, which frees the entry. This refuses every path, a reversal
-- racing the confirmation of a match too: the confirmation locks the entry's row, and this
-- waits for that lock before it looks.
-- Refused with the constraint name payments_reconciled (a 409, code `reconciled`).
CREATE OR REPLACE FUNCTION reconciled_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Waits for a confirmation holding the entry, then reads what it committed.
  PERFORM 1 FROM payments WHERE id = NEW.reverses_id FOR KEY SHARE;
  IF EXISTS (SELECT 1 FROM reconciliation_lines WHERE payment_id = NEW.reverses_id) THEN
    RAISE EXCEPTION 'a reconciled entry cannot be reversed'
      USING ERRCODE = 'P0001', CONSTRAINT = 'payments_reconciled';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER payments_reconciled_reversal BEFORE INSERT ON payments
  FOR EACH ROW WHEN (NEW.reverses_id IS NOT NULL) EXECUTE FUNCTION reconciled_entry();
