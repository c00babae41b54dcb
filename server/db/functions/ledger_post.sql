-- Posts one entry, or the two legs of a transfer or of a reversed transfer, all dated p_date,
-- in one call: the accounts are locked (in id order), then every debit is checked against
-- the running balance on p_date and on every later day, then the entries are written. Each
-- statement of a function sees what committed before it ran, so the check reads the state
-- the lock protects, and the lock is held inside the database only. An account's floor is
-- zero, or minus its overdraft (cash-credit) limit: read under the same lock, so a limit
-- lowered meanwhile (which locks the account too) is the one checked.
-- p_entries: [{ account, type, amount (paise), reverses?, mode?, reference?, party?: { kind,
-- id?, name? }, project?, category? }]. A party that is a record (client, vendor, employee)
-- and a project must be the company's, and their names are kept as they are now; a category
-- must be one of the company's (kept as it is spelt there). Answers { notFound } when an
-- account is not the company's, { unknown: 'party' | 'project' | 'category' } when one of
-- those is not, { closed: account } (the first closed one, by id) when an account is closed,
-- { short: { account, date, limit } } naming the first day a debit would take below the
-- floor, or { entries: [{ id, account, balanceAfter, balance }] }; nothing is written
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
  lim bigint;
  v_party text;
  v_category text;
  detail jsonb;
  details jsonb := '[]';
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
    SELECT balance_paise, overdraft_limit_paise INTO bal, lim FROM bank_accounts WHERE id = e.account;
    -- The balance at the end of day d is today's balance less every later day's net.
    SELECT min(s.date) INTO short FROM (
      SELECT p_date AS date,
             bal - coalesce((SELECT sum(credits_paise - debits_paise) FROM account_days
                              WHERE account_id = e.account AND date > p_date), 0) AS v
      UNION ALL
      SELECT date, bal - sum(credits_paise - debits_paise) OVER (ORDER BY date DESC) + low_paise
        FROM account_days WHERE account_id = e.account AND date > p_date
    ) AS s WHERE s.v + lim < e.amount;
    IF short IS NOT NULL THEN
      RETURN jsonb_build_object('short',
        jsonb_build_object('account', e.account, 'date', short, 'limit', lim));
    END IF;
  END LOOP;
  -- What each entry says it was, checked before anything is written: the party's and the
  -- category's names as the company has them now (a record kept from being deleted until
  -- this posting commits), or, for a reversal, what the entry it reverses said.
  FOR e IN SELECT x, n FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS a(x, n) LOOP
    IF e.x ->> 'reverses' IS NOT NULL THEN
      SELECT jsonb_build_object('mode', p.mode, 'reference', p.reference, 'kind', p.party_kind,
                                'party', p.party_id, 'name', p.party_name,
                                'project', p.project_id, 'category', p.category)
        INTO detail FROM payments p WHERE p.id = (e.x ->> 'reverses')::uuid;
    ELSE
      v_party := CASE e.x #>> '{party,kind}'
        WHEN 'name' THEN e.x #>> '{party,name}'
        WHEN 'client' THEN (SELECT name FROM clients WHERE id = (e.x #>> '{party,id}')::uuid
                              AND company_id = p_company FOR SHARE)
        WHEN 'vendor' THEN (SELECT name FROM vendors WHERE id = (e.x #>> '{party,id}')::uuid
                              AND company_id = p_company FOR SHARE)
        WHEN 'employee' THEN (SELECT name FROM users WHERE id = (e.x #>> '{party,id}')::uuid
                                AND company_id = p_company AND role <> 'company' FOR SHARE)
      END;
      IF e.x #>> '{party,kind}' IS NOT NULL AND v_party IS NULL THEN
        RETURN jsonb_build_object('unknown', 'party');
      END IF;
      IF e.x ->> 'project' IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM projects WHERE id = (e.x ->> 'project')::uuid AND company_id = p_company
           FOR SHARE) THEN
        RETURN jsonb_build_object('unknown', 'project');
      END IF;
      v_category := NULL;
      IF e.x ->> 'category' IS NOT NULL THEN
        SELECT name INTO v_category FROM categories
         WHERE user_id = p_company AND lower(name) = lower(e.x ->> 'category');
        IF v_category IS NULL THEN
          RETURN jsonb_build_object('unknown', 'category');
        END IF;
      END IF;
      detail := jsonb_build_object('mode', e.x ->> 'mode', 'reference', e.x ->> 'reference',
        'kind', e.x #>> '{party,kind}',
        'party', CASE WHEN e.x #>> '{party,kind}' <> 'name' THEN e.x #>> '{party,id}' END,
        'name', v_party, 'project', e.x ->> 'project', 'category', v_category);
    END IF;
    details := details || jsonb_build_array(detail);
  END LOOP;
  FOR e IN SELECT (x ->> 'account')::uuid AS account, x ->> 'type' AS type,
                  (x ->> 'amount')::bigint AS amount, (x ->> 'reverses')::uuid AS reverses,
                  details -> (n::int - 1) AS d
             FROM jsonb_array_elements(p_entries) WITH ORDINALITY AS a(x, n) LOOP
    UPDATE bank_accounts
       SET balance_paise = balance_paise + CASE WHEN e.type = 'credit' THEN e.amount ELSE -e.amount END,
           updated_at = now()
     WHERE id = e.account
     RETURNING balance_paise INTO bal;
    INSERT INTO payments (account_id, company_id, date, remark, type, amount_paise, reverses_id,
                          transfer_id, mode, reference, party_kind, party_id, party_name,
                          project_id, category)
    VALUES (e.account, p_company, p_date, p_remark, e.type::payment_type, e.amount, e.reverses,
            transfer, (e.d ->> 'mode')::payment_mode, e.d ->> 'reference', e.d ->> 'kind',
            (e.d ->> 'party')::uuid, e.d ->> 'name', (e.d ->> 'project')::uuid, e.d ->> 'category')
    RETURNING * INTO added;
    SELECT coalesce(sum(credits_paise - debits_paise), 0) INTO later FROM account_days
     WHERE account_id = e.account AND date > p_date;
    answer := answer || jsonb_build_array(jsonb_build_object(
      'id', added.id, 'account', e.account, 'balanceAfter', bal - later, 'balance', bal));
  END LOOP;
  RETURN jsonb_build_object('entries', answer);
END
$$;
