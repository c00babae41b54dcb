import { useState } from 'react';
import { invoiceShareText, whatsappShareLink } from '../../../contract/invoiceShare';
import { rupeesToPaise } from '../../../contract/rules';
import { toast } from 'react-toastify';
import { useDownload } from '../../api/download';
import { failureMessage } from '../../api/errors';
import { notifyMutation } from '../../api/notify';
import { formatDMY, todayLocalISO } from '../../lib/dates';
import { useScope } from '../../session/scope';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/Field';
import { DateField } from '../../ui/DateField';
import { QueryState } from '../../ui/QueryState';
import { FormModal } from '../../ui/Modal';
import { Money } from '../../ui/Money';
import { styles } from '../../ui/styles';
import { useDialogCall } from '../../ui/useDialogCall';
import { useFieldErrors } from '../../ui/useFieldErrors';
import {
  invoicePdfPath,
  useCancelInvoiceMutation,
  useCreateInvoiceLinkMutation,
  useDeleteInvoiceMutation,
  useEmailInvoiceMutation,
  useGetInvoiceLinksQuery,
  useGetInvoiceQuery,
  useIssueInvoiceMutation,
  useRevokeInvoiceLinkMutation,
  type Invoice,
} from './invoicingApi';
import { InvoicePage, StatusBadge, TotalsBox, stateLabel, type TotalsFigures } from './parts';
import { useInvoiceNav } from './useInvoiceNav';
import { ReceiptForm } from './ReceiptForm';

const paise = (rupees: number) => rupeesToPaise(rupees) ?? 0;

/** An invoice's totals, as the server stored them, in the totals box's paise. */
const figuresOf = (inv: Invoice): TotalsFigures => ({
  treatment: inv.treatment,
  taxablePaise: paise(inv.taxable),
  taxTable: inv.taxTable.map((r) => ({
    gstRate: r.gstRate,
    taxablePaise: paise(r.taxable),
    cgstPaise: paise(r.cgst),
    sgstPaise: paise(r.sgst),
    igstPaise: paise(r.igst),
  })),
  roundOffPaise: paise(inv.roundOff),
  totalPaise: paise(inv.total),
});

const kindName = (inv: Invoice) => (inv.kind === 'credit_note' ? 'Credit note' : 'Invoice');

/** An invoice or credit note: its figures, lines and totals, and what may be done with it. */
export function InvoiceView({ id }: { id: string }) {
  const query = useGetInvoiceQuery(id);
  return (
    <InvoicePage titleId="invoice-title">
      <QueryState query={query}>{query.data && <InvoiceDetails invoice={query.data} />}</QueryState>
    </InvoicePage>
  );
}

type Pending = 'issue' | 'delete' | 'cancel' | null;

/** A button of an invoice's: shown when it applies, busy while its call is under way. */
interface Action {
  label: string;
  shown: boolean;
  primary?: boolean;
  busy?: boolean;
  onClick: () => void;
}

function InvoiceDetails({ invoice: inv }: { invoice: Invoice }) {
  const scope = useScope();
  const nav = useInvoiceNav();
  const download = useDownload();
  const [pending, setPending] = useState<Pending>(null);
  const [issue, issuing] = useIssueInvoiceMutation();
  const [remove, removing] = useDeleteInvoiceMutation();
  const [email, emailing] = useEmailInvoiceMutation();
  const [createLink, linking] = useCreateInvoiceLinkMutation();
  const [shared, setShared] = useState<string | null>(null);
  const [receiving, setReceiving] = useState(false);
  const writes = scope.isCompany;
  const isDraft = inv.status === 'draft';
  const live = inv.number !== null && inv.status !== 'cancelled';
  const name = inv.number ?? 'Draft';

  const runIssue = async () => {
    let number: string | null = null;
    await notifyMutation(
      issue({ id: inv._id, version: inv.version })
        .unwrap()
        .then((answer) => {
          number = answer.data.number;
          return { message: `Issued as ${number}` };
        }),
      { success: 'Invoice issued', failure: 'Could not issue the invoice.' },
    );
    setPending(null);
    return number;
  };
  const runDelete = async () => {
    const ok = await notifyMutation(remove(inv._id).unwrap(), {
      success: 'Draft deleted',
      failure: 'Could not delete the draft.',
    });
    setPending(null);
    if (ok) nav.list();
  };
  const share = async () => {
    const answer = await createLink(inv._id)
      .unwrap()
      .catch((error: unknown) => {
        toast.error(failureMessage(error, 'Could not make a share link.'));
        return null;
      });
    if (!answer) return;
    setShared(answer.data.url);
    const text = invoiceShareText({
      companyName: inv.seller?.name ?? '',
      clientName: inv.buyer?.name ?? inv.clientName,
      number: name,
      pendingPaise: paise(inv.pending),
      dueDate: inv.dueDate,
      url: answer.data.url,
    });
    window.open(whatsappShareLink(inv.buyer?.mobile ?? null, text), '_blank', 'noopener');
  };

  // A draft is issued, edited or deleted; an issued invoice sent, paid or cancelled.
  const sends = writes && live && inv.kind === 'invoice';
  const actions: Action[] = [
    { label: 'Issue', shown: writes && isDraft, primary: true, onClick: () => setPending('issue') },
    { label: 'Edit draft', shown: writes && isDraft, onClick: () => nav.edit(inv._id) },
    { label: 'Delete draft', shown: writes && isDraft, onClick: () => setPending('delete') },
    {
      label: 'Download PDF',
      shown: inv.number !== null,
      onClick: () =>
        void download(invoicePdfPath(inv._id), {
          filename: `${inv.number!.replace(/\//g, '-')}.pdf`,
          failure: 'Could not download the PDF.',
        }),
    },
    {
      label: 'E-mail to client',
      shown: sends,
      busy: emailing.isLoading,
      onClick: () =>
        void notifyMutation(email(inv._id).unwrap(), {
          success: 'E-mail sent',
          failure: 'Could not send the e-mail.',
        }),
    },
    {
      label: 'Share on WhatsApp',
      shown: sends,
      busy: linking.isLoading,
      onClick: () => void share(),
    },
    { label: 'Record receipt', shown: sends && inv.pending > 0, onClick: () => setReceiving(true) },
    { label: 'Cancel by credit note', shown: sends, onClick: () => setPending('cancel') },
  ];

  return (
    <div className="mt-3 space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="invoice-title" className="text-xl font-semibold text-gray-900">
          {kindName(inv)} {name}
        </h2>
        <StatusBadge status={inv.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm lg:grid-cols-4">
        <Item label="Client" value={inv.buyer?.name ?? inv.clientName} />
        <Item label="Issue date" value={formatDMY(inv.issueDate)} />
        <Item label="Due date" value={inv.dueDate ? formatDMY(inv.dueDate) : '—'} />
        <Item label="Place of supply" value={stateLabel(inv.placeOfSupply)} />
        <Item label="Total" value={<Money value={inv.total} />} />
        <Item label="Received" value={<Money value={inv.received} />} />
        <Item label="TDS" value={<Money value={inv.tds} />} />
        <Item label="Credited" value={<Money value={inv.credited} />} />
        <Item
          label="Pending"
          value={<Money value={inv.pending} className="font-semibold text-gray-900" />}
        />
        {inv.original && (
          <Item
            label="Against invoice"
            value={
              <button
                type="button"
                className={styles.link}
                onClick={() => nav.view(inv.original!._id)}
              >
                {inv.original.number}
              </button>
            }
          />
        )}
        {inv.reason && <Item label="Reason" value={inv.reason} />}
      </dl>

      <div className="flex flex-wrap gap-2">
        {actions
          .filter((action) => action.shown)
          .map((action) => (
            <button
              key={action.label}
              type="button"
              className={action.primary ? styles.btnPrimary : styles.btnSecondary}
              disabled={action.busy}
              onClick={action.onClick}
            >
              {action.label}
            </button>
          ))}
      </div>

      {shared && <SharedLink url={shared} />}

      <LinesTable invoice={inv} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="text-sm text-gray-800">
          {inv.notes && (
            <>
              <h3 className="font-semibold text-gray-900">Notes</h3>
              <p className="whitespace-pre-line">{inv.notes}</p>
            </>
          )}
          {inv.creditNotes.length > 0 && (
            <>
              <h3 className="mt-3 font-semibold text-gray-900">Credit notes</h3>
              <ul>
                {inv.creditNotes.map((cn) => (
                  <li key={cn._id}>
                    <button type="button" className={styles.link} onClick={() => nav.view(cn._id)}>
                      {cn.number}
                    </button>{' '}
                    of {formatDMY(cn.issueDate)}, <Money value={cn.total} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
        <TotalsBox figures={figuresOf(inv)} supplierState={inv.seller?.stateCode} />
      </div>

      {writes && inv.number && inv.kind === 'invoice' && <ShareLinks invoiceId={inv._id} />}

      <ConfirmDialog
        open={pending === 'issue'}
        title="Issue invoice"
        confirmLabel="Issue"
        message={
          <p>
            The invoice gets the next number of the year and can no longer be edited. Numbers cannot
            be reused: to undo it later, cancel it by a credit note.
          </p>
        }
        onConfirm={() => void runIssue()}
        onCancel={() => setPending(null)}
        busy={issuing.isLoading}
      />
      <ConfirmDialog
        open={pending === 'delete'}
        title="Delete draft"
        message={
          <p>Delete this draft? It has no number yet, so nothing is lost from the series.</p>
        }
        onConfirm={() => void runDelete()}
        onCancel={() => setPending(null)}
        busy={removing.isLoading}
      />
      {receiving && (
        <ReceiptForm
          client={{ _id: inv.clientId, name: inv.clientName }}
          companyId={scope.companyId}
          onClose={() => setReceiving(false)}
        />
      )}
      {pending === 'cancel' && <CancelForm invoice={inv} onClose={() => setPending(null)} />}
    </div>
  );
}

function Item({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <dt className="text-gray-700">{label}</dt>
      <dd className="font-medium text-gray-900">{value}</dd>
    </div>
  );
}

function LinesTable({ invoice }: { invoice: Invoice }) {
  return (
    // Focusable, so that a keyboard can scroll it sideways on a narrow screen.
    <div
      className="overflow-x-auto rounded-md border border-gray-200"
      role="region"
      aria-label="Lines"
      tabIndex={0}
    >
      <table className="min-w-full text-sm">
        <caption className="sr-only">Lines</caption>
        <thead className="bg-gray-50 text-left text-gray-800">
          <tr>
            <th className="px-3 py-2">#</th>
            <th className="px-3 py-2">Description</th>
            <th className="px-3 py-2">SAC/HSN</th>
            <th className="px-3 py-2 text-right">Qty</th>
            <th className="px-3 py-2 text-right">Rate</th>
            <th className="px-3 py-2 text-right">Discount</th>
            <th className="px-3 py-2 text-right">GST</th>
            <th className="px-3 py-2 text-right">Taxable</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((l, i) => (
            <tr key={i} className="border-t border-gray-200">
              <td className="px-3 py-2">{i + 1}</td>
              <td className="min-w-[12rem] px-3 py-2">{l.description}</td>
              <td className="px-3 py-2">{l.sacHsn}</td>
              <td className="px-3 py-2 text-right tabular-nums">{l.quantity}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                <Money value={l.rate} />
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                {l.discountPercent !== null ? (
                  `${l.discountPercent}%`
                ) : l.discountAmount !== null ? (
                  <Money value={l.discountAmount} />
                ) : (
                  '—'
                )}
              </td>
              <td className="px-3 py-2 text-right">{l.gstRate}%</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">
                <Money value={l.taxable} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The share link just made, to copy (it is shown this once). */
function SharedLink({ url }: { url: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="rounded-md border border-indigo-200 bg-indigo-50 p-3 text-sm">
      <label htmlFor="share-url" className="font-medium text-gray-900">
        Share link (shown once; anyone with it can open the PDF)
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id="share-url"
          readOnly
          value={url}
          className={`${styles.input} min-w-0 flex-1`}
          onFocus={(e) => e.target.select()}
        />
        <button
          type="button"
          className={styles.btnSecondary}
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
    </div>
  );
}

/** The invoice's share links: when each ends, and Revoke for the active ones. */
function ShareLinks({ invoiceId }: { invoiceId: string }) {
  const links = useGetInvoiceLinksQuery(invoiceId);
  const [revoke, revoking] = useRevokeInvoiceLinkMutation();
  const rows = links.data?.data ?? [];
  return (
    <section aria-labelledby="links-title">
      <h3 id="links-title" className="text-base font-semibold text-gray-900">
        Share links
      </h3>
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-gray-700">No share links yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200 rounded-md border border-gray-200 text-sm">
          {rows.map((link) => (
            <li key={link._id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                Made {formatDMY(link.createdAt)} ·{' '}
                {link.active
                  ? `open until ${formatDMY(link.expiresAt)}`
                  : link.revokedAt
                    ? `revoked ${formatDMY(link.revokedAt)}`
                    : `expired ${formatDMY(link.expiresAt)}`}
              </span>
              {link.active && (
                <button
                  type="button"
                  className={styles.btnSecondary}
                  disabled={revoking.isLoading}
                  onClick={() =>
                    void notifyMutation(revoke({ id: invoiceId, linkId: link._id }).unwrap(), {
                      success: 'Link revoked',
                      failure: 'Could not revoke the link.',
                    })
                  }
                >
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Cancels an issued invoice by a credit note for the whole of it, with its reason. */
function CancelForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const nav = useInvoiceNav();
  const [cancel, cancelling] = useCancelInvoiceMutation();
  const [reason, setReason] = useState('');
  const [issueDate, setIssueDate] = useState(todayLocalISO());
  const refused = useFieldErrors(['reason', 'issueDate'] as const);
  const { dialog, send } = useDialogCall({
    onClose,
    running: cancelling,
    messages: { success: 'Invoice cancelled', failure: 'Could not cancel the invoice.' },
    onRefused: refused.capture,
  });
  const submit = async () => {
    let noteId: string | undefined;
    const ok = await send(
      cancel({ id: invoice._id, version: invoice.version, reason, issueDate })
        .unwrap()
        .then((answer) => {
          noteId = answer.data._id;
          return { message: `Cancelled by credit note ${answer.data.number ?? ''}`.trim() };
        }),
    );
    // Closed first, then on to the credit note.
    if (ok && noteId) nav.view(noteId);
  };
  return (
    <FormModal
      {...dialog}
      title="Cancel by credit note"
      submitLabel="Cancel invoice"
      onSubmit={submit}
    >
      <p className="text-sm text-gray-800">
        A credit note for the whole of {invoice.number} is issued with its own number; the invoice
        then shows as cancelled. This cannot be undone.
      </p>
      <div className="mt-4 space-y-4">
        <Field
          id="cancel-reason"
          label="Reason"
          required
          maxLength={300}
          {...refused.bind('reason', reason, setReason)}
        />
        <DateField
          id="cancel-issueDate"
          label="Credit note date"
          {...refused.bind('issueDate', issueDate, setIssueDate)}
        />
      </div>
    </FormModal>
  );
}
