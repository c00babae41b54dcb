-- Every lend and borrowing is with one of its owner's counterparties (the khata's people), by
-- whichever path it is written (a form, the khata, an import, a restore): when a loan comes
-- without one, or its e-mail or mobile changes, the person is found or made here. The same
-- mobile number is one person; without one (or when nobody has it yet), the same e-mail (any
-- case) of someone with no other number. A mobile or e-mail the person lacked is added to
-- them. A loan written with its counterparty named (the khata's You gave / You got) keeps it.
CREATE OR REPLACE FUNCTION loan_counterparty() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person record;
  made uuid;
  mail text := nullif(NEW.email, '');
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.counterparty_id IS DISTINCT FROM OLD.counterparty_id THEN
      RETURN NEW;
    END IF;
    IF lower(NEW.email) IS NOT DISTINCT FROM lower(OLD.email)
       AND NEW.mobile IS NOT DISTINCT FROM OLD.mobile THEN
      RETURN NEW;
    END IF;
  ELSIF NEW.counterparty_id IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF NEW.mobile IS NOT NULL THEN
    SELECT id, email INTO person FROM counterparties
     WHERE user_id = NEW.user_id AND mobile = NEW.mobile;
    IF FOUND THEN
      IF person.email IS NULL AND mail IS NOT NULL THEN
        UPDATE counterparties SET email = mail, updated_at = now() WHERE id = person.id;
      END IF;
      NEW.counterparty_id := person.id;
      RETURN NEW;
    END IF;
  END IF;
  IF mail IS NOT NULL THEN
    SELECT id, mobile INTO person FROM counterparties
     WHERE user_id = NEW.user_id AND lower(email) = lower(mail)
       AND (NEW.mobile IS NULL OR mobile IS NULL)
     ORDER BY created_at, id LIMIT 1;
    IF FOUND THEN
      IF NEW.mobile IS NOT NULL THEN
        UPDATE counterparties SET mobile = NEW.mobile, updated_at = now() WHERE id = person.id;
      END IF;
      NEW.counterparty_id := person.id;
      RETURN NEW;
    END IF;
  END IF;
  INSERT INTO counterparties (user_id, name, mobile, email)
  VALUES (NEW.user_id, NEW.name, NEW.mobile, mail)
  ON CONFLICT DO NOTHING
  RETURNING id INTO made;
  -- Another transaction added this number meanwhile: that is the person.
  IF made IS NULL THEN
    SELECT id INTO made FROM counterparties WHERE user_id = NEW.user_id AND mobile = NEW.mobile;
  END IF;
  NEW.counterparty_id := made;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER loans_counterparty BEFORE INSERT OR UPDATE OF email, mobile, counterparty_id
  ON loans FOR EACH ROW EXECUTE FUNCTION loan_counterparty();
