-- Vendors join the audit trail and the change feed as the company's clients do: every change
-- is in the company's trail, and reaches its open tabs and its admin's.
CREATE OR REPLACE TRIGGER vendors_audit AFTER INSERT OR UPDATE OR DELETE ON vendors FOR EACH ROW EXECUTE FUNCTION audit_row();

SELECT change_feed_install('vendors', $$jsonb_build_object('c', r.company_id)$$);
