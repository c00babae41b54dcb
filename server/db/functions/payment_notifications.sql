-- Notifications: what happened that a person did not do themselves, kept per reader until
-- read, written by the database in the same transaction as what they tell of. A payment
-- recorded by someone tells the company and its admin, whoever of them did not record it. Rows
-- loaded by a tool (naming no actor) are no one's news; nor are the rows of an import
-- (app.import set in its transaction), of which the import itself writes one notification.
CREATE OR REPLACE FUNCTION notify_payments_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('app.actor', true), '')::uuid;
BEGIN
  IF actor IS NULL OR current_setting('app.import', true) = 'on' THEN
    RETURN NULL;
  END IF;
  INSERT INTO notifications (user_id, kind, record_id, details)
  SELECT reader.id, 'payment', p.id, jsonb_build_object(
           'type', p.type, 'amountPaise', p.amount_paise, 'date', p.date,
           'account', a.holder_name, 'accountNo', a.account_no,
           'reversal', p.reverses_id IS NOT NULL, 'transfer', p.transfer_id IS NOT NULL,
           'by', (SELECT name FROM users WHERE id = actor))
    FROM added p
    JOIN bank_accounts a ON a.id = p.account_id
    JOIN users c ON c.id = p.company_id
    CROSS JOIN LATERAL (VALUES (c.id), (c.created_by)) AS reader(id)
   WHERE reader.id IS NOT NULL AND reader.id <> actor
  ON CONFLICT (user_id, kind, record_id) DO NOTHING;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER payments_notifications AFTER INSERT ON payments
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION notify_payments_recorded();
