// An account's password, in one place: its rules (SPEC §5), its argon2id hash, the check of a
// sign-in, the re-authentication that app passwords, two-step verification and passkeys ask
// for, and the temporary passwords an admin hands out. It imports no other sign-in service, so
// every one of them can depend on it.
import { randomInt } from 'node:crypto'
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2'
import type { User } from '../../db/schema.ts'
import { errors } from '../../errors.ts'

/** The server's copy of the password rules of SPEC §5 (clients are never trusted). */
export function checkPassword(password: string): void {
  if (password.length < 6) throw errors.badRequest('Password must be at least 6 characters')
  if (password.length > 256) throw errors.badRequest('Password must be less than 256 characters')
}

/** The argon2id hash kept in users.password_hash. */
export const hashPassword = (password: string): Promise<string> => argonHash(password)

/** An account made by a single sign-on has no password until its user sets one. */
export const hasPassword = (user: Pick<User, 'password_hash'>): boolean => user.password_hash !== ''

// Verifying against this keeps a login for an unknown email as slow as one with a wrong password.
const DUMMY_HASH = argonHash('cumulus-timing-equaliser')

/**
 * A sign-in's check: true when `password` is the account's. No account, or one with no password
 * (made by a single sign-on), takes none: as slow, and as wrong, as a bad one.
 */
export async function passwordSignsIn(
  user: Pick<User, 'password_hash'> | undefined,
  password: string,
): Promise<boolean> {
  return user && hasPassword(user)
    ? await argonVerify(user.password_hash, password)
    : (await argonVerify(await DUMMY_HASH, password), false)
}

/** Throws INCORRECT_PASSWORD unless `password` is the account's (a confirmation, not a sign-in). */
export async function confirmPassword(user: Pick<User, 'password_hash'>, password: string): Promise<void> {
  if (!hasPassword(user)) throw errors.noPassword()
  if (!(await argonVerify(user.password_hash, password))) throw errors.incorrectPassword()
}

/** No 0/O/o, no l/1/I: a temporary password is read off a screen or paper and typed once. */
export const TEMPORARY_PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'

/** A temporary password an admin hands over: 16 characters (~93 bits), in groups of four. */
export function temporaryPassword(): string {
  const chars = Array.from(
    { length: 16 },
    () => TEMPORARY_PASSWORD_ALPHABET[randomInt(TEMPORARY_PASSWORD_ALPHABET.length)],
  )
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-')
}
