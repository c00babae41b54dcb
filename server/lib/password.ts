import argon2 from 'argon2';

// argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane). The library's default
// (64 MiB x 4 lanes) held 256 MB of RAM during four concurrent logins, and memory is the
// tighter budget here; hashes made with other parameters still verify.
export const hashPassword = (plain: string) =>
  argon2.hash(plain, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });

export const verifyPassword = (hash: string, plain: string) =>
  argon2.verify(hash, plain).catch(() => false);

/** Verified against when the e-mail is unknown, so a miss costs as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export const burnTime = async (plain: string) => {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, plain);
};
