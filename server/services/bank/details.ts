import { containsAnyCase } from '../../db/search';
import { sql, type SQL } from 'drizzle-orm';
import type { PartyKind, PaymentMode } from '../../../contract/api/bank';

/** What a payment may say it was, as a posting sends it on to ledger_post. */
export interface EntryDetails {
  mode?: PaymentMode;
  reference?: string;
  party?: { kind: PartyKind; id?: string; name?: string };
  projectId?: string;
  category?: string;
}

/** The details as ledger_post reads them from an entry's JSON (empty text left out). */
export const detailsJson = (d: EntryDetails = {}) => ({
  mode: d.mode ?? null,
  reference: d.reference || null,
  party: d.party ?? null,
  project: d.projectId ?? null,
  category: d.category || null,
});

/**
 * The columns of a payment `p` (and its project `pr`) the answers read its details from, and
 * whether a statement line holds it (reconciled; by the lines' unique index on the entry).
 */
export const detailColumns = sql`p.mode::text as mode, p.reference, p.party_kind, p.party_id,
  p.party_name, p.project_id, pr.project_name, p.category,
  exists (select 1 from reconciliation_lines rl where rl.payment_id = p.id) as reconciled`;
/** Joins the project `detailColumns` names, to the payments `p`. */
export const projectJoin = sql`left join projects pr on pr.id = p.project_id`;

export interface DetailRow {
  mode: PaymentMode | null;
  reference: string | null;
  party_kind: PartyKind | null;
  party_id: string | null;
  party_name: string | null;
  project_id: string | null;
  project_name: string | null;
  category: string | null;
  reconciled: boolean | null;
}

export const detailsToApi = (r: DetailRow) => ({
  mode: r.mode,
  reference: r.reference,
  party: r.party_kind ? { kind: r.party_kind, id: r.party_id, name: r.party_name ?? '' } : null,
  project: r.project_id ? { _id: r.project_id, name: r.project_name ?? '' } : null,
  category: r.category,
});

/** Which entries a list, statement or export keeps. */
export interface EntryFilter {
  mode?: PaymentMode;
  partyKind?: PartyKind;
  partyId?: string;
  projectId?: string;
  search?: string;
}

export const isFiltered = (f: EntryFilter) =>
  !!(f.mode || f.partyKind || f.partyId || f.projectId || f.search);

/**
 * The condition on the payments (as `alias`) a filter keeps (true for none). The search matches the
 * remark, the reference or the party's name, whatever their case.
 */
export function entryCondition(f: EntryFilter, alias = 'p'): SQL {
  const p = sql.raw(`"${alias}"`);
  const parts: SQL[] = [];
  if (f.mode) parts.push(sql`${p}.mode = ${f.mode}`);
  if (f.partyKind) parts.push(sql`${p}.party_kind = ${f.partyKind}`);
  if (f.partyId) parts.push(sql`${p}.party_id = ${f.partyId}`);
  if (f.projectId) parts.push(sql`${p}.project_id = ${f.projectId}`);
  if (f.search) {
    const { search } = f;
    const [remark, reference, party] = ['remark_lower', 'reference_lower', 'party_name_lower'].map(
      (column) => containsAnyCase(sql`${p}.${sql.raw(column)}`, search),
    );
    parts.push(sql`(${remark} or ${reference} or ${party})`);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}
