-- Posts one entry, or the two legs of a transfer or of a reversed transfer, all dated p_date,
-- in one call: the accounts are locked (in id order), then every debit is checked against
-- the running balance on p_date and on every later day, then the entries are written. Each
-- statement of a function sees what committed before it ran, so the check reads the state
-- the lock protects, and the lock is held inside the database only.
-- p_entries: [{ account, type, amount (paise), reverses? }]. Answers { notFound } when an
-- account is not the company's, { closed: account } (the first closed one, by id) when an
-- account is closed, { short: { account, date } } naming the first day a debit would take
-- below zero, or { entries: [{ id, account, balanceAfter, balance }] }; nothing is written
-- unless it answers entries.
CREATE OR REPLACE FUNCTION ledger_post(
  p_company uuid, p_actor text, p_tenant text, p_date date, p_remark text, p_entries jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  e record;
  locked int;
  wanted int;
  bal bigint;
  later bigint;
  short date;
  closed uuid;
  added payments%ROWTYPE;
  answer jsonb := '[]';
  transfer uuid := CASE WHEN jsonb_array_length(p_entries) > 1 THEN gen_random_uuid() END;
BEGIN
  PERFORM set_config('app.actor', p_actor, true), set_config('app.tenant', p_tenant, true);
  SELECT count(DISTINCT x ->> 'account') INTO wanted FROM jsonb_array_elements(p_entries) x;
  SELECT count(*) INTO locked FROM (
    SELECT id FROM bank_accounts
     WHERE company_id = p_company
       AND id IN (SELECT (x ->> 'account')::uuid FROM jsonb_array_elements(p_entries) x)
     ORDER BY id FOR UPDATE) AS l;
  IF locked <> wanted THEN
    RETURN jsonb_build_object('notFound', true);
  END IF;
  -- Read after the lock: a close committed meanwhile is seen, and none can commit until this
  -- posting has.
  SELECT id INTO closed FROM bank_accounts
   WHERE id IN (SELECT (x ->> 'account')::uuid FROM jsonb_array_elements(p_entries) x)
     AND closed_at IS NOT NULL
   ORDER BY id LIMIT 1;
  IF closed IS NOT NULL THEN
    RETURN jsonb_build_object('closed', closed);
  END IF;
  FOR e IN SELECT (x ->> 'account')::uuid AS account, x ->> 'type' AS type,
                  (x ->> 'amount')::bigint AS amount, (x ->> 'reverses')::uuid AS reverses
             FROM jsonb_array_elements(p_entries) x LOOP
    CONTINUE WHEN e.type <> 'debit';
    SELECT balance_paise INTO bal FROM bank_accounts WHERE id = e.account;
    -- The balance at the end of day d is today's balance less every later day's net.
    SELECT min(s.date) INTO short FROM (
      SELECT p_date AS date,
             bal - coalesce((SELECT sum(credits_paise - debits_paise) FROM account_days
                              WHERE account_id = e.account AND date > p_date), 0) AS v
      UNION ALL
      SELECT date, bal - sum(credits_paise - debits_paise) OVER (ORDER BY date DESC) + low_paise
        FROM account_days WHERE account_id = e.account AND date > p_date
    ) AS s WHERE s.v < e.amount;
    IF short IS NOT NULL THEN
      RETURN jsonb_build_object('short', jsonb_build_object('account', e.account, 'date', short));
    END IF;
  END LOOP;
  FOR e IN SELECT (x ->> 'account')::uuid AS account, x ->> 'type' AS type,
                  (x ->> 'amount')::bigint AS amount, (x ->> 'reverses')::uuid AS reverses
             FROM jsonb_array_elements(p_entries) x LOOP
    UPDATE bank_accounts
       SET balance_paise = balance_paise + CASE WHEN e.type = 'credit' THEN e.amount ELSE -e.amount END,
           updated_at = now()
     WHERE id = e.account
     RETURNING balance_paise INTO bal;
    INSERT INTO payments (account_id, company_id, date, remark, type, amount_paise, reverses_id, transfer_id)
    VALUES (e.account, p_company, p_date, p_remark, e.type::payment_type, e.amount, e.reverses, transfer)
    RETURNING * INTO added;
    SELECT coalesce(sum(credits_paise - debits_paise), 0) INTO later FROM account_days
     WHERE account_id = e.account AND date > p_date;
    answer := answer || jsonb_build_array(jsonb_build_object(
      'id', added.id, 'account', e.account, 'balanceAfter', bal - later, 'balance', bal));
  END LOOP;
  RETURN jsonb_build_object('entries', answer);
END
$$;
