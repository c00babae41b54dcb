-- Vendors join the audit trail and the change feed as the company's clients do: every change
-- is in the company's trail, and reaches its open tabs and its admin's.
audit_triggers(vendors);

SELECT change_feed_install('vendors', $$jsonb_build_object('c', r.company_id)$$);
