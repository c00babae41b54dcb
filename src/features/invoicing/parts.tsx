import type { ReactNode } from 'react';
import { BackIcon } from '../../ui/icons';
import { styles } from '../../ui/styles';
import { useInvoiceNav } from './useInvoiceNav';
import { amountInWords } from '../../../contract/amountInWords';
import type { InvoiceStatus } from '../../../contract/api/invoices';
import { GST_STATES, OUTSIDE_INDIA, gstState, placeOfSupplyName } from '../../../contract/gst';
import type { TaxTreatment } from '../../../contract/invoiceMath';
import { paiseToRupees } from '../../../contract/rules';
import { Money } from '../../ui/Money';
import { groupRupees } from '../../lib/money';

/** Paise as rupees on the screen. */
export function Paise({ value, className }: { value: number; className?: string }) {
  return <Money value={paiseToRupees(value)} className={className} />;
}

/** The states a company or client may be in, by name with the code. */
export const STATE_OPTIONS = GST_STATES.filter((s) => !s.legacy).map((s) => ({
  value: s.code,
  label: `${s.name} (${s.code})`,
}));
/** A client or place of supply may also be outside India (an export). */
export const PLACE_OPTIONS = [
  ...STATE_OPTIONS,
  { value: OUTSIDE_INDIA, label: `${placeOfSupplyName(OUTSIDE_INDIA)} (${OUTSIDE_INDIA})` },
];
export const stateLabel = (code: string) => `${placeOfSupplyName(code)} (${code})`;

const STATUS: Record<InvoiceStatus, { label: string; tone: string }> = {
  draft: { label: 'Draft', tone: 'bg-gray-200 text-gray-800' },
  issued: { label: 'Issued', tone: 'bg-blue-100 text-blue-900' },
  part_paid: { label: 'Part paid', tone: 'bg-amber-100 text-amber-900' },
  paid: { label: 'Paid', tone: 'bg-green-100 text-green-900' },
  cancelled: { label: 'Cancelled', tone: 'bg-red-100 text-red-900' },
};
export const STATUS_OPTIONS = Object.entries(STATUS).map(([value, s]) => ({
  value,
  label: s.label,
}));

/** A status on one line, never clipped: the badge keeps its width. */
export function StatusBadge({ status }: { status: InvoiceStatus }) {
  const { label, tone } = STATUS[status];
  return (
    <span
      className={`inline-block shrink-0 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}
    >
      {label}
    </span>
  );
}

export interface TotalsFigures {
  treatment: TaxTreatment;
  taxablePaise: number;
  taxTable: ReadonlyArray<{
    gstRate: number;
    taxablePaise: number;
    cgstPaise: number;
    sgstPaise: number;
    igstPaise: number;
  }>;
  roundOffPaise: number;
  totalPaise: number;
}

/**
 * The totals of an invoice: taxable value, the tax by rate (CGST + SGST/UTGST within the
 * state, IGST across), the round-off line, the total and the amount in words.
 */
export function TotalsBox({
  figures,
  supplierState,
  caption = 'Totals',
}: {
  figures: TotalsFigures;
  supplierState?: string;
  caption?: string;
}) {
  const stateTax = supplierState && gstState(supplierState)?.utgst ? 'UTGST' : 'SGST';
  const row = (label: string, paise: number, strong = false) => (
    <div
      key={label}
      className={`flex justify-between gap-4 ${strong ? 'border-t border-gray-300 pt-1 font-semibold' : ''}`}
    >
      <dt>{label}</dt>
      <dd>
        <Paise value={paise} />
      </dd>
    </div>
  );
  const rounded = figures.roundOffPaise;
  return (
    <section aria-label={caption} className="rounded-md border border-gray-200 bg-gray-50 p-4">
      <dl className="space-y-1 text-sm text-gray-900">
        {row('Taxable value', figures.taxablePaise)}
        {figures.taxTable.flatMap((r) =>
          figures.treatment === 'intra'
            ? [
                row(`CGST ${r.gstRate / 2}% on ${fmt(r.taxablePaise)}`, r.cgstPaise),
                row(`${stateTax} ${r.gstRate / 2}% on ${fmt(r.taxablePaise)}`, r.sgstPaise),
              ]
            : figures.treatment === 'inter'
              ? [row(`IGST ${r.gstRate}% on ${fmt(r.taxablePaise)}`, r.igstPaise)]
              : [],
        )}
        <div className="flex justify-between gap-4">
          <dt>Round off</dt>
          <dd className="tabular-nums">
            {rounded < 0 ? '−' : rounded > 0 ? '+' : ''}
            <Paise value={Math.abs(rounded)} />
          </dd>
        </div>
        {row('Total', figures.totalPaise, true)}
      </dl>
      {figures.treatment === 'zero-rated' && (
        <p className="mt-2 text-xs text-gray-700">Export under LUT: no tax charged.</p>
      )}
      <p className="mt-2 text-xs text-gray-700">{amountInWords(figures.totalPaise)}</p>
    </section>
  );
}

const fmt = (paise: number) => `₹${groupRupees(paiseToRupees(paise))}`;

/** The card of an invoice or the editor, with the way back to the list. */
export function InvoicePage({ titleId, children }: { titleId: string; children: ReactNode }) {
  const nav = useInvoiceNav();
  return (
    <section className={`${styles.card} p-4 sm:p-6`} aria-labelledby={titleId}>
      <button
        type="button"
        onClick={nav.list}
        className={`${styles.link} inline-flex items-center gap-1 text-sm`}
      >
        <BackIcon className="h-4 w-4" /> Back to Invoices
      </button>
      {children}
    </section>
  );
}
