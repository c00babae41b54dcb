-- The audit trail's indexes take the entry's id after its time, as the trail is ordered
-- (newest first, the id breaking ties): a page of a company's or an actor's entries, or of a
-- company's entries of one kind, is read from an index in order, and a keyset page starts
-- right after the last entry shown. The entries are untouched; the new indexes are built
-- before the old ones go.
CREATE INDEX "audit_log_tenant_at_id_idx" ON "audit_log" USING btree ("tenant_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_tenant_kind_at_id_idx" ON "audit_log" USING btree ("tenant_id","kind","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_at_id_idx" ON "audit_log" USING btree ("actor_id","at","id");--> statement-breakpoint
DROP INDEX "audit_log_tenant_at_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_at_idx";
