-- Receivables join the audit trail and the change feed as the company's other records do:
-- every change is in the company's trail, and reaches its open tabs and its admin's. An
-- invoice names its project's PM too, who reads the invoices of its own projects. Lines
-- and allocations change only with their invoice or receipt, whose own change is the news.
audit_triggers(invoice_profiles, clients, invoices, invoice_lines, invoice_links, receipts,
  receipt_allocations);

SELECT change_feed_install('invoice_profiles', $$jsonb_build_object('c', r.company_id)$$);

SELECT change_feed_install('clients', $$jsonb_build_object('c', r.company_id)$$);

SELECT change_feed_install('invoices', $$jsonb_strip_nulls(jsonb_build_object('c', r.company_id,
  'p', (SELECT p.project_manager_id FROM projects p WHERE p.id = r.project_id)))$$);

SELECT change_feed_install('invoice_links', $$jsonb_build_object('c', r.company_id)$$);

SELECT change_feed_install('receipts', $$jsonb_build_object('c', r.company_id)$$);
