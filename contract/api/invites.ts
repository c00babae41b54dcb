import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { Message, NO_NUL_PATTERN, confirmation, password } from './fields';
import { UserIdParams } from './people';

/**
 * A new account that signs in gets an e-mailed invite link to choose its own password:
 * valid for 72 hours, once. Its creator may send a fresh one while it is unused.
 */

/** The invited person's own password, with the token of the e-mailed invite link. */
export const AcceptInvite = z.object({
  token: z
    .string({ error: 'is required' })
    .min(1, 'is required')
    .max(200)
    .meta({ pattern: NO_NUL_PATTERN, description: 'The token of the e-mailed invite link' }),
  password,
  cpassword: confirmation('password'),
});

export const inviteEndpoints = {
  /** E-mails a fresh invite link to one of the caller's people who has not set a password. */
  resendInvite: {
    method: 'POST',
    path: '/users/:id/invite',
    params: UserIdParams,
    answer: Message,
  },
  /** Sets the invited person's password with the link's token. */
  acceptInvite: {
    method: 'POST',
    path: '/user/acceptinvite',
    body: AcceptInvite,
    answer: Message,
  },
} as const satisfies Record<string, Endpoint>;
