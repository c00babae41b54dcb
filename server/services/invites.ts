import { and, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '../../contract/enums';
import type { DbOrTx } from '../db/client';
import { passwordResets, users } from '../db/schema';
import type { Caller } from '../lib/caller';
import { badRequest, conflict, HttpError } from '../lib/errors';
import type { Mailer } from '../mail/mailer';
import { quotedInMail } from '../mail/quoted';
import { issuePasswordLink, linkTo, setPasswordWithLink } from './passwordReset';
import {
  createUser as createPerson,
  INVITE_TTL_MS,
  managedBy,
  notTheirs,
  signsIn,
  type NewUser,
} from './people';
import { giveBackAll, takeInTurn, type Limits } from './rateLimits';
import { assertRole } from './tenancy';

/** The product's name, as the invite e-mail tells it. */
const APP_NAME = 'Expense & Company Manager';

export const INVITE_LINK_INVALID = 'This invite link is invalid or has expired. Ask for a new one.';
export const INVITE_NOT_SENT = 'Failed to send email. Please try again.';

/** What sending invites needs besides the database. */
export interface InviteMail {
  db: DbOrTx;
  mailer: Mailer;
  /** Where the SPA is reached, for the link. */
  publicUrl: string;
  limits: Limits;
  log: FastifyBaseLogger;
}

interface Invitee {
  id: string;
  name: string;
  email: string;
  role: Role;
}

/**
 * Counts one invite e-mail from the caller to `email` against the sender's and the
 * recipient's limits (429 past either, with nothing counted). Answers the keys counted, to
 * give back when no e-mail went out after all.
 */
const countInviteMail = (db: DbOrTx, limits: Limits, caller: Caller, email: string) =>
  takeInTurn(db, [
    {
      key: `invite:account:${caller.userId}`,
      limit: limits.invitesPerAccount,
      message: 'You have sent many invites today. Please try again tomorrow.',
    },
    {
      key: `invite:to:${email.toLowerCase()}`,
      limit: limits.invitesPerRecipient,
      message: 'This person has been sent enough invites for today. Please try again tomorrow.',
    },
  ]);

/**
 * The invite e-mail: who invited them to which company, the link, and that it works once
 * within 72 hours. Only an admin invites a company and only a company its PMs, so the
 * caller is the company a PM joins. The names in it are typed by the inviter, and the mail
 * goes to an address the inviter chose: each is quoted on one line, with no link in it.
 */
async function mailInvite(deps: InviteMail, caller: Caller, invitee: Invitee, token: string) {
  const [inviter] = await deps.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, caller.userId));
  const by = inviter ? quotedInMail(inviter.name) : 'Your administrator';
  const name = quotedInMail(invitee.name);
  const company = invitee.role === 'company' ? name : by;
  const what =
    invitee.role === 'company'
      ? `${by} has invited you to run ${company} on ${APP_NAME}.`
      : `${by} has invited you to join ${company} on ${APP_NAME} as a project manager.`;
  await deps.mailer.send({
    to: invitee.email,
    subject: `You are invited to ${company} on ${APP_NAME}`,
    text: [
      `Hello ${name},`,
      '',
      what,
      'To choose your password, open:',
      linkTo(deps.publicUrl, 'invite', token),
      '',
      'The link works once and expires in 72 hours. Then log in with this e-mail address',
      `(${invitee.email}) as ${invitee.role === 'company' ? 'a company' : 'a PM'}.`,
      '',
      'If you were not expecting this invite, ignore this e-mail.',
    ].join('\n'),
  });
}

/**
 * Creates a user (services/people.ts createUser); someone who signs in and was given no
 * password is e-mailed an invite once the account is stored. Those e-mails are counted
 * before anything is stored (429 creates nothing). When the e-mail cannot be sent the
 * account stays, awaiting an invite, and the message says to resend it.
 */
export async function createUser(deps: InviteMail, caller: Caller, input: NewUser) {
  assertRole(caller, 'admin', 'company');
  const inviting = signsIn(input.userType) && input.password === undefined;
  const counted = inviting ? await countInviteMail(deps.db, deps.limits, caller, input.email) : [];
  let created: Awaited<ReturnType<typeof createPerson>>;
  try {
    created = await createPerson(deps.db, caller, input);
  } catch (error) {
    await giveBackAll(deps.db, counted);
    throw error;
  }
  const { person, inviteToken } = created;
  if (!inviteToken) return { data: person, message: 'User created successfully' };
  try {
    await mailInvite(deps, caller, { ...person, id: person._id }, inviteToken);
  } catch (err) {
    deps.log.warn({ err }, 'invite e-mail failed');
    await giveBackAll(deps.db, counted);
    return {
      data: person,
      message:
        'User created, but the invite e-mail could not be sent. Choose Resend invite in their menu to try again.',
    };
  }
  return {
    data: person,
    message: `User created successfully. An invite to set a password was e-mailed to ${person.email}.`,
  };
}

/**
 * E-mails a fresh invite link to someone the caller manages (an admin its companies, a
 * company its people) who signs in and has not set a password yet. Once it has gone out,
 * their older unused invite links stop working; when it cannot be sent (502), nothing
 * changes and nothing is counted.
 */
export async function resendInvite(deps: InviteMail, caller: Caller, id: string) {
  const { db } = deps;
  assertRole(caller, 'admin', 'company');
  const [person] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      status: users.status,
      unset: sql<boolean>`${users.passwordHash} is null`,
    })
    .from(users)
    .where(managedBy(caller, id))
    .limit(1);
  if (!person) throw await notTheirs(db, caller, id);
  if (!signsIn(person.role))
    throw badRequest('Only companies and project managers sign in, so only they get invites.', {
      code: 'wrong_state',
    });
  if (!person.unset)
    throw conflict(`${person.name} has already set a password.`, { code: 'wrong_state' });
  if (person.status !== 'active')
    throw conflict(`${person.name} is inactive. Reactivate them before sending an invite.`, {
      code: 'wrong_state',
    });

  const counted = await countInviteMail(db, deps.limits, caller, person.email);
  let link: { id: string; token: string } | undefined;
  try {
    link = await issuePasswordLink(db, person.id, 'invite', INVITE_TTL_MS);
    await mailInvite(deps, caller, person, link.token);
  } catch (error) {
    if (link) await db.delete(passwordResets).where(eq(passwordResets.id, link.id));
    await giveBackAll(db, counted);
    if (error instanceof HttpError) throw error;
    deps.log.warn({ err: error }, 'invite e-mail failed');
    throw new HttpError(502, INVITE_NOT_SENT);
  }
  // The links sent before this one stop working (of two resends at once, the later stays).
  await db
    .delete(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, person.id),
        eq(passwordResets.purpose, 'invite'),
        isNull(passwordResets.usedAt),
        ne(passwordResets.id, link.id),
        lte(
          passwordResets.createdAt,
          sql`(select created_at from password_resets where id = ${link.id})`,
        ),
      ),
    );
  return { message: `Invite sent to ${person.email}.` };
}

/**
 * Sets an invited person's own password with the link's token (400 when it is unknown,
 * used, expired, or the account has a password already), which spends the link.
 */
export function acceptInvite(db: DbOrTx, token: string, password: string) {
  return setPasswordWithLink(db, token, password, {
    purpose: 'invite',
    invalid: INVITE_LINK_INVALID,
    unsetOnly: true,
  });
}
