import { createHash, randomBytes } from 'node:crypto';

/**
 * The one-time secrets the server hands out (session tokens, reset, invite and revert links,
 * sign-in challenges): 256 random bits, URL-safe. Only their SHA-256 is stored, so a leaked
 * table grants nothing; high-entropy tokens need no slow hash.
 */
export const newToken = () => randomBytes(32).toString('base64url');

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
