import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client';
import { emailChanges, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { badRequest, conflict, notFound } from '../lib/errors';
import { newToken, sha256 } from '../lib/tokens';
import { nameActor, withAudit } from './audit';
import { checkCurrentPassword } from './currentPassword';
import { linkTo } from './passwordReset';
import type { Limits } from './rateLimits';
import { revokeSessionsOf } from './sessions';
import { atVersion, nextVersion, whyNotUpdated } from './versions';

type UserRow = typeof users.$inferSelect;

/** Where an account notice is sent and what it says. */
export interface Notice {
  to: string;
  subject: string;
  text: string;
}

/** How long the link to the new address confirms the change. */
const CONFIRM_TTL_MS = 24 * 3_600_000;
/** How long the link to the old address puts the e-mail back. */
const REVERT_TTL_MS = 7 * 24 * 3_600_000;

/** One mailbox: sign-in, links and the unique index all ignore the letters' case. */
export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The account with `email`, in any letters' case (as signing in finds it). */
export const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** Each link's columns: its token's hash, and the time that marks it spent. */
const LINKS = {
  confirm: { hash: emailChanges.confirmTokenHash, spent: emailChanges.confirmedAt },
  revert: { hash: emailChanges.tokenHash, spent: emailChanges.usedAt },
};

/**
 * Spends the open `kind` link whose token is `token`, writing `set` with it (an unknown, spent
 * or expired one is a 400): the change it names, and its account's owner, locked until the
 * transaction ends.
 */
async function spendLink(
  tx: Tx,
  kind: keyof typeof LINKS,
  token: string,
  set: PgUpdateSetSource<typeof emailChanges>,
) {
  const { hash, spent } = LINKS[kind];
  const [change] = await tx
    .update(emailChanges)
    .set(set)
    .where(and(eq(hash, sha256(token)), isNull(spent), gt(emailChanges.expiresAt, sql`now()`)))
    .returning();
  if (!change) throw invalidLink();
  const [owner] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update');
  if (!owner) throw invalidLink();
  return { change, owner };
}

/**
 * Gives the account `email`, as its owner's own act (a link it was mailed): the trail names the
 * owner. Another account that has the address now makes it a 409.
 */
async function moveTo(tx: Tx, owner: UserRow, email: string) {
  if (await takenByAnother(tx, email, owner.id))
    throw conflict(`${email} is used by another account now.`, { code: 'duplicate' });
  const actor = { userId: owner.id, role: owner.role, companyId: owner.companyId };
  await tx.execute(sql`select ${nameActor({ ...actor, sessionId: '', pending: null })}`);
  await tx
    .update(users)
    .set({ email, updatedAt: sql`now()` })
    .where(eq(users.id, owner.id));
}

/** Whether another account has `email` now. */
async function takenByAnother(db: DbOrTx, email: string, userId: string) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(byEmail(email), ne(users.id, userId)))
    .limit(1);
  return taken !== undefined;
}

const invalidLink = () =>
  badRequest('This link is invalid, used or has expired.', { code: 'invalid_link' });

/** Said when a call that changes one's own e-mail comes without the password. */
export const PASSWORD_FOR_EMAIL = 'currentPassword is required to change your e-mail';

/**
 * The answer of a call that saved one's own `what` (Profile, Details): with a new e-mail, where
 * the link that applies it went.
 */
export const ownEditAnswer = <T>(what: string, data: T, pendingEmail: string | undefined) =>
  pendingEmail === undefined
    ? { success: true, message: `${what} updated successfully`, data }
    : {
        success: true,
        message: `${what} updated. Open the link we sent to ${pendingEmail} to finish changing your e-mail; until then you sign in with your current one.`,
        data,
        pendingEmail,
      };

/** The caller's own edit: the e-mail (with the password for a new one) at `version`. */
export interface OwnEdit {
  version: number;
  email?: string;
  currentPassword?: string;
}

/** The other columns of one's own row that the calls save (those sent). */
export type OwnColumns = Partial<Pick<UserRow, 'name' | 'mobile' | 'registrationNumber'>>;

/**
 * A person changes the e-mail they sign in with: the one rule of every call that can change
 * one's own e-mail (updateprofile, updatecompany, updateadmin), which also saves the other
 * `columns` sent, at `input.version`. A new address (more than a change of its letters' case)
 * needs the account's own current password (counted like every password check) and does not
 * apply yet: it waits for the link this mails to it (`confirmEmailChange`), which then tells the
 * old address, with a link that puts it back. A newer request replaces one still waiting.
 * Answers the saved row, the address waiting for its link, and the mail to send it.
 */
export async function updateOwnAccount(
  db: DbOrTx,
  caller: Caller,
  input: OwnEdit,
  columns: OwnColumns,
  opts: { limits: Limits; publicUrl: string },
): Promise<{ row: UserRow; pendingEmail?: string; mail?: Notice }> {
  const self = eq(users.id, caller.userId);
  const [before] = await db.select().from(users).where(self).limit(1);
  if (!before) throw notFound('User');
  const newEmail =
    input.email !== undefined && !sameAddress(input.email, before.email) ? input.email : undefined;
  if (newEmail !== undefined) {
    await checkCurrentPassword(db, opts.limits, before, input.currentPassword, PASSWORD_FOR_EMAIL);
    if (await takenByAnother(db, newEmail, caller.userId))
      throw conflict('An account with this email already exists', {
        code: 'duplicate',
        field: 'email',
      });
  }
  const token = newToken();
  const row = await withAudit(db, caller, async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({
        ...columns,
        // The same address in other letters' case is written at once; a new one waits.
        email: newEmail === undefined ? input.email : undefined,
        version: nextVersion(users),
        updatedAt: sql`now()`,
      })
      .where(atVersion(users, self, input.version))
      .returning();
    if (updated && newEmail !== undefined) {
      await tx
        .delete(emailChanges)
        .where(and(eq(emailChanges.userId, caller.userId), isNull(emailChanges.confirmedAt)));
      await tx.insert(emailChanges).values({
        userId: caller.userId,
        oldEmail: before.email,
        newEmail,
        confirmTokenHash: sha256(token),
        expiresAt: new Date(Date.now() + CONFIRM_TTL_MS),
      });
    }
    return updated;
  });
  if (!row) throw await whyNotUpdated(db, users, self, 'User');
  if (newEmail === undefined) return { row };
  return {
    row,
    pendingEmail: newEmail,
    mail: {
      to: newEmail,
      subject: 'Confirm the new e-mail of your account',
      text: [
        `Hello ${before.name},`,
        '',
        'You asked to sign in with this address from now on. Open this link to confirm it; your e-mail changes when you do:',
        linkTo(opts.publicUrl, 'confirm-email', token),
        '',
        'The link works once and expires in 24 hours. If you did not ask for this, ignore this e-mail: nothing changes.',
      ].join('\n'),
    },
  };
}

/**
 * Applies the change a confirmation link (mailed to the new address) names: the account signs
 * in with the new address from now on, and the old address is told, with a link that puts it
 * back (`revertEmail`). The link works once. A new address another account has taken since, or
 * an account whose e-mail changed since the link was sent, is a 409 and changes nothing.
 */
export async function confirmEmailChange(db: DbOrTx, token: string, publicUrl: string) {
  const revertToken = newToken();
  const { change, owner } = await db.transaction(async (tx) => {
    const spent = await spendLink(tx, 'confirm', token, {
      confirmedAt: sql`now()`,
      tokenHash: sha256(revertToken),
      expiresAt: new Date(Date.now() + REVERT_TTL_MS),
    });
    if (!sameAddress(spent.owner.email, spent.change.oldEmail))
      throw conflict('The e-mail of this account changed since this link was sent. Ask again.', {
        code: 'invalid_link',
      });
    await moveTo(tx, spent.owner, spent.change.newEmail);
    return spent;
  });
  const notice: Notice = {
    to: change.oldEmail,
    subject: 'The e-mail of your account was changed',
    text: [
      `Hello ${owner.name},`,
      '',
      `The e-mail of your account was changed from ${change.oldEmail} to ${change.newEmail}.`,
      '',
      'If you did not do this, open this link to put your e-mail back and sign out everywhere:',
      linkTo(publicUrl, 'revert-email', revertToken),
      '',
      'The link works once and expires in 7 days.',
    ].join('\n'),
  };
  return { email: change.newEmail, notice };
}

/**
 * Puts back the e-mail a revert link names, ends every session of the account (whoever
 * changed it is signed out), drops a change still waiting for its link, and spends the link.
 * The old address may have been taken since: then nothing changes (409).
 */
export async function revertEmail(db: DbOrTx, token: string) {
  return db.transaction(async (tx) => {
    const { change, owner } = await spendLink(tx, 'revert', token, { usedAt: sql`now()` });
    await moveTo(tx, owner, change.oldEmail);
    await tx
      .delete(emailChanges)
      .where(and(eq(emailChanges.userId, owner.id), isNull(emailChanges.confirmedAt)));
    await revokeSessionsOf(tx, owner.id);
    return change.oldEmail;
  });
}
