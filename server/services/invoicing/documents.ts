import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { invoiceShareText } from '../../../contract/invoiceShare';
import { OUTSIDE_INDIA } from '../../../contract/gst';
import type { DbOrTx } from '../../db/client';
import { clients, invoiceLinks, invoices, users } from '../../db/schema';
import { renderInvoicePdf, type InvoicePdfInput } from '../../invoices/pdf';
import type { Caller } from '../../lib/caller';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Slots } from '../../lib/slots';
import { newToken, sha256 } from '../../lib/tokens';
import type { Mailer } from '../../mail/mailer';
import { quotedInMail } from '../../mail/quoted';
import { withAudit } from '../audit';
import { giveBack, take, type Limits } from '../rateLimits';
import { assertCompany, assertRole } from '../tenancy';
import {
  findInvoice,
  lineInput,
  linesOf,
  pendingOf,
  type BuyerSnapshot,
  type InvoiceRow,
  type SellerSnapshot,
} from './invoices';
import { expiresIn, linkToApi, recordLinks, revokeRecordLink } from '../shareLinks';

/** A draft has no number yet: it is neither printed nor shared. */
function assertIssued(i: InvoiceRow) {
  if (i.status === 'draft')
    throw conflict('Issue the invoice first: a draft has no number yet', { code: 'wrong_state' });
}

/** The PDF of an issued invoice or credit note, from what was stored at issue. */
async function pdfOf(db: DbOrTx, i: InvoiceRow): Promise<{ name: string; pdf: Buffer }> {
  const seller = i.seller as SellerSnapshot;
  const buyer = i.buyer as BuyerSnapshot;
  const [lines, original] = await Promise.all([
    linesOf(db, i.id),
    i.creditNoteOf
      ? db
          .select({ number: invoices.number, issueDate: invoices.issueDate })
          .from(invoices)
          .where(eq(invoices.id, i.creditNoteOf))
      : [],
  ]);
  const due = pendingOf(i);
  const input: InvoicePdfInput = {
    kind: i.kind === 'credit_note' ? 'credit-note' : 'invoice',
    number: i.number!,
    issueDate: i.issueDate,
    dueDate: i.dueDate,
    original: original[0]
      ? { number: original[0].number!, issueDate: original[0].issueDate }
      : null,
    reason: i.reason,
    cancelled: i.status === 'cancelled',
    supplier: seller,
    client: buyer,
    placeOfSupply: i.placeOfSupply,
    exportUnderLut: i.exportUnderLut,
    lines: lines.map(lineInput),
    bank: seller.bank,
    upi:
      seller.upiId && i.kind === 'invoice' && due > 0 && i.placeOfSupply !== OUTSIDE_INDIA
        ? { vpa: seller.upiId, payeeName: seller.name }
        : null,
    amountDuePaise: i.kind === 'invoice' ? due : undefined,
    notes: i.notes || null,
  };
  const pdf = await renderInvoicePdf(input);
  return { name: `${i.number!.replaceAll('/', '-')}.pdf`, pdf };
}

/** Renders with a turn of `slots` (bounded per server and per key), else 503 Retry-After. */
async function rendered(db: DbOrTx, slots: Slots, key: string, i: InvoiceRow) {
  assertIssued(i);
  const release = await slots.take(key);
  try {
    return await pdfOf(db, i);
  } finally {
    release();
  }
}

export async function invoicePdf(db: DbOrTx, slots: Slots, caller: Caller, id: string) {
  return rendered(db, slots, caller.userId, await findInvoice(db, caller, id));
}

/** The PDF a share link opens: unknown, expired and revoked links are all not found. */
export async function publicInvoicePdf(db: DbOrTx, slots: Slots, token: string) {
  const [found] = await db
    .select({ invoice: invoices })
    .from(invoiceLinks)
    .innerJoin(invoices, eq(invoices.id, invoiceLinks.invoiceId))
    .where(
      and(
        eq(invoiceLinks.tokenHash, sha256(token)),
        isNull(invoiceLinks.revokedAt),
        gt(invoiceLinks.expiresAt, sql`now()`),
      ),
    );
  if (!found) throw notFound('Invoice');
  return rendered(db, slots, `link:${found.invoice.id}`, found.invoice);
}

/** The address a link's token opens: the PDF itself, without a session. */
export const publicPdfUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/api/public/invoices/${token}`;

/** The company's issued invoice, for its links and mail. */
async function ownIssued(db: DbOrTx, caller: Caller, id: string) {
  assertCompany(caller);
  const invoice = await findInvoice(db, caller, id);
  assertIssued(invoice);
  return invoice;
}

/** A new link (only its token's SHA-256 is kept): the URL is answered this once. */
async function newLink(
  db: DbOrTx,
  caller: Caller,
  invoice: InvoiceRow,
  days: number,
  publicUrl: string,
) {
  const token = newToken();
  const row = await withAudit(db, caller, async (tx) => {
    const [link] = await tx
      .insert(invoiceLinks)
      .values({
        companyId: invoice.companyId,
        invoiceId: invoice.id,
        tokenHash: sha256(token),
        createdBy: caller.userId,
        expiresAt: expiresIn(days),
      })
      .returning();
    return link!;
  });
  return { ...linkToApi(row), url: publicPdfUrl(publicUrl, token) };
}

export async function createLink(
  db: DbOrTx,
  caller: Caller,
  id: string,
  days: number,
  publicUrl: string,
) {
  return newLink(db, caller, await ownIssued(db, caller, id), days, publicUrl);
}

export async function listLinks(db: DbOrTx, caller: Caller, id: string) {
  assertRole(caller, 'admin', 'company');
  const invoice = await findInvoice(db, caller, id);
  return recordLinks(db, invoiceLinks, invoiceLinks.invoiceId, invoice.id);
}

export async function revokeLink(db: DbOrTx, caller: Caller, id: string, linkId: string) {
  assertCompany(caller);
  const invoice = await findInvoice(db, caller, id);
  await withAudit(db, caller, (tx) =>
    revokeRecordLink(tx, invoiceLinks, invoiceLinks.invoiceId, invoice.id, linkId),
  );
}

/**
 * E-mails the client a new share link to the invoice (no attachment), in words built from
 * the stored invoice: names quoted on one line, with no link in them but the app's own.
 * Counted per recipient as lend reminders are (the route counts per sender); a mail that
 * did not go out gives its count back and revokes its link.
 */
export async function emailInvoice(
  db: DbOrTx,
  deps: { mailer: Mailer; limits: Limits; publicUrl: string },
  caller: Caller,
  id: string,
  days: number,
) {
  const invoice = await ownIssued(db, caller, id);
  const buyer = invoice.buyer as BuyerSnapshot;
  const seller = invoice.seller as SellerSnapshot;
  // The client's address as it is now: one added after the issue is the one to use.
  const [client] = await db
    .select({ email: clients.email })
    .from(clients)
    .where(eq(clients.id, invoice.clientId));
  const to = client?.email ?? buyer.email;
  if (!to)
    throw badRequest("The client has no e-mail address: add one to the client's details", {
      field: 'email',
    });
  const perRecipient = `reminder:to:${to.toLowerCase()}`;
  await take(
    db,
    [{ key: perRecipient, limit: deps.limits.remindersPerRecipient }],
    'This client has had enough e-mails for today. Please try again later.',
  );
  const link = await newLink(db, caller, invoice, days, deps.publicUrl);
  const [sender] = await db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, caller.userId));
  const text = invoiceShareText({
    companyName: quotedInMail(seller.name),
    clientName: quotedInMail(buyer.name),
    number: invoice.number!,
    pendingPaise: invoice.kind === 'invoice' ? pendingOf(invoice) : invoice.totalPaise,
    dueDate: invoice.dueDate,
    url: link.url,
  });
  try {
    await deps.mailer.send({
      to,
      subject: `${invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${invoice.number} from ${quotedInMail(seller.name)}`,
      text: `${text}\n\nThe link expires on ${link.expiresAt.slice(0, 10)}.\n\nSent by ${quotedInMail(sender?.name ?? seller.name)}`,
    });
  } catch (error) {
    await giveBack(db, perRecipient);
    await db
      .update(invoiceLinks)
      .set({ revokedAt: sql`now()` })
      .where(eq(invoiceLinks.id, link._id));
    throw error;
  }
  return { to, expiresAt: link.expiresAt };
}
