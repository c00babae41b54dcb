import { isGstRate, type GstRate } from '../../../contract/gst';
import {
  invoiceTotals,
  lineAmounts,
  percentToBasisPoints,
  quantityToMilli,
  taxTreatment,
  type InvoiceLineInput,
  type InvoiceTotals,
} from '../../../contract/invoiceMath';
import { parseRupees, rupeesToPaise } from '../../../contract/rules';
import type { Invoice } from './invoicingApi';

/**
 * A draft as the editor holds it: what was typed, as text, so nothing is lost or reformatted
 * while the user types. The live figures and the request body are both read from it with the
 * contract's rules, so the editor shows exactly what the server will store.
 */
export interface LineForm {
  description: string;
  sacHsn: string;
  quantity: string;
  rate: string;
  gstRate: string;
  discountKind: 'percent' | 'amount';
  discount: string;
}

export interface DraftForm {
  clientId: string;
  clientName: string;
  projectId: string;
  issueDate: string;
  placeOfSupply: string;
  exportUnderLut: boolean;
  termsDays: string;
  notes: string;
  lines: LineForm[];
}

export const emptyLine = (): LineForm => ({
  description: '',
  sacHsn: '',
  quantity: '1',
  rate: '',
  gstRate: '18',
  discountKind: 'percent',
  discount: '',
});

export const newDraft = (issueDate: string, termsDays: number): DraftForm => ({
  clientId: '',
  clientName: '',
  projectId: '',
  issueDate,
  placeOfSupply: '',
  exportUnderLut: false,
  termsDays: String(termsDays),
  notes: '',
  lines: [emptyLine()],
});

/** A saved draft back in the editor. */
export const draftOf = (invoice: Invoice): DraftForm => ({
  clientId: invoice.clientId,
  clientName: invoice.clientName,
  projectId: invoice.projectId ?? '',
  issueDate: invoice.issueDate,
  placeOfSupply: invoice.placeOfSupply,
  exportUnderLut: invoice.exportUnderLut,
  termsDays: invoice.termsDays === null ? '' : String(invoice.termsDays),
  notes: invoice.notes,
  lines: invoice.lines.map((l) => ({
    description: l.description,
    sacHsn: l.sacHsn,
    quantity: String(l.quantity),
    rate: String(l.rate),
    gstRate: String(l.gstRate),
    discountKind: l.discountAmount !== null ? 'amount' : 'percent',
    discount:
      l.discountAmount !== null
        ? String(l.discountAmount)
        : l.discountPercent !== null
          ? String(l.discountPercent)
          : '',
  })),
});

const typedNumber = (typed: string): number => (typed.trim() === '' ? NaN : Number(typed.trim()));

/** A line's figures as the invoice math takes them, or null while it is incomplete or wrong. */
export function lineInput(line: LineForm): InvoiceLineInput | null {
  const quantityMilli = quantityToMilli(typedNumber(line.quantity));
  const ratePaise = rupeesToPaise(parseRupees(line.rate));
  const gstRate = Number(line.gstRate);
  if (quantityMilli === null || ratePaise === null || ratePaise <= 0 || !isGstRate(gstRate)) {
    return null;
  }
  let discount: InvoiceLineInput['discount'] = null;
  if (line.discount.trim() !== '') {
    if (line.discountKind === 'percent') {
      const basisPoints = percentToBasisPoints(typedNumber(line.discount));
      if (basisPoints === null) return null;
      discount = { kind: 'percent', basisPoints };
    } else {
      const paise = rupeesToPaise(parseRupees(line.discount));
      if (paise === null || paise < 0) return null;
      discount = { kind: 'amount', paise };
    }
  }
  const input = { quantityMilli, ratePaise, gstRate: gstRate as GstRate, discount };
  try {
    lineAmounts(input);
    return input;
  } catch {
    return null; // a discount above the line, a product past the cap
  }
}

/** A line's taxable value in paise, or null while it cannot be computed. */
export const lineTaxablePaise = (line: LineForm): number | null => {
  const input = lineInput(line);
  return input ? lineAmounts(input).taxablePaise : null;
};

/**
 * The draft's totals over the lines that can be computed so far, taxed by where the supplier
 * is and the place of supply; null before the supplier's state or the place is known.
 */
export function draftTotals(form: DraftForm, supplierState: string | undefined) {
  if (!supplierState || !form.placeOfSupply) return null;
  const inputs = form.lines.map(lineInput).filter((l): l is InvoiceLineInput => l !== null);
  try {
    const totals: InvoiceTotals = invoiceTotals(
      inputs,
      taxTreatment(supplierState, form.placeOfSupply, form.exportUnderLut),
    );
    return { totals, complete: inputs.length === form.lines.length };
  } catch {
    return null;
  }
}

/** A number field as sent: the typed number, or the text itself so the server names the fault. */
const sent = (typed: string): number => typedNumber(typed);

/** What the editor sends: the draft's fields in the API's units (rupees, units, percent). */
export function draftBody(form: DraftForm) {
  return {
    clientId: form.clientId,
    projectId: form.projectId || null,
    issueDate: form.issueDate,
    placeOfSupply: form.placeOfSupply || undefined,
    exportUnderLut: form.exportUnderLut,
    termsDays: form.termsDays.trim() === '' ? undefined : sent(form.termsDays),
    notes: form.notes,
    lines: form.lines.map((l) => ({
      description: l.description.trim(),
      sacHsn: l.sacHsn.trim(),
      quantity: sent(l.quantity),
      rate: parseRupees(l.rate),
      gstRate: Number(l.gstRate),
      ...(l.discount.trim() === ''
        ? {}
        : l.discountKind === 'percent'
          ? { discountPercent: sent(l.discount) }
          : { discountAmount: parseRupees(l.discount) }),
    })),
  };
}
