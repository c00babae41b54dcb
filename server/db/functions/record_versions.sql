-- The app's updates move the version themselves. Any other write that changes what a
-- record's forms show moves it too: another account made the default, a deactivation, a PM's
-- account deleted (its projects lose their PM). Figures kept for the record are left out
-- (an account's balance moves with each payment, a loan's repaid sum with each repayment,
-- a password is nobody's form field), so they never make an open form stale.
CREATE OR REPLACE FUNCTION next_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.version := OLD.version + 1;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER users_version BEFORE UPDATE OF name, email, mobile, registration_number, status, role
  ON users FOR EACH ROW
  WHEN (OLD.version = NEW.version
        AND (OLD.name, OLD.email, OLD.mobile, OLD.registration_number, OLD.status, OLD.role)
            IS DISTINCT FROM
            (NEW.name, NEW.email, NEW.mobile, NEW.registration_number, NEW.status, NEW.role))
  EXECUTE FUNCTION next_version();

CREATE OR REPLACE TRIGGER expenses_version BEFORE UPDATE OF date, description, amount_paise, category
  ON expenses FOR EACH ROW
  WHEN (OLD.version = NEW.version
        AND (OLD.date, OLD.description, OLD.amount_paise, OLD.category)
            IS DISTINCT FROM (NEW.date, NEW.description, NEW.amount_paise, NEW.category))
  EXECUTE FUNCTION next_version();

CREATE OR REPLACE TRIGGER loans_version BEFORE UPDATE OF name, email, amount_paise, issue_date, repayment_date
  ON loans FOR EACH ROW
  WHEN (OLD.version = NEW.version
        AND (OLD.name, OLD.email, OLD.amount_paise, OLD.issue_date, OLD.repayment_date)
            IS DISTINCT FROM
            (NEW.name, NEW.email, NEW.amount_paise, NEW.issue_date, NEW.repayment_date))
  EXECUTE FUNCTION next_version();

CREATE OR REPLACE TRIGGER projects_version BEFORE UPDATE OF date, project_name, client_name, client_number,
    duration, price_paise, payment_status, status, risk, status_by_pm, project_manager_id
  ON projects FOR EACH ROW
  WHEN (OLD.version = NEW.version
        AND (OLD.date, OLD.project_name, OLD.client_name, OLD.client_number, OLD.duration,
             OLD.price_paise, OLD.payment_status, OLD.status, OLD.risk, OLD.status_by_pm,
             OLD.project_manager_id)
            IS DISTINCT FROM
            (NEW.date, NEW.project_name, NEW.client_name, NEW.client_number, NEW.duration,
             NEW.price_paise, NEW.payment_status, NEW.status, NEW.risk, NEW.status_by_pm,
             NEW.project_manager_id))
  EXECUTE FUNCTION next_version();

CREATE OR REPLACE TRIGGER bank_accounts_version BEFORE UPDATE OF holder_name, account_no, branch, ifsc,
    mobile, address, default_status, opening_balance_paise, closed_at
  ON bank_accounts FOR EACH ROW
  WHEN (OLD.version = NEW.version
        AND (OLD.holder_name, OLD.account_no, OLD.branch, OLD.ifsc, OLD.mobile, OLD.address,
             OLD.default_status, OLD.opening_balance_paise, OLD.closed_at)
            IS DISTINCT FROM
            (NEW.holder_name, NEW.account_no, NEW.branch, NEW.ifsc, NEW.mobile, NEW.address,
             NEW.default_status, NEW.opening_balance_paise, NEW.closed_at))
  EXECUTE FUNCTION next_version();
