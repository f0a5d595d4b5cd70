// The email rule of sign-up (SPEC §5 "Email is invalid"), for every door an address comes in by:
// sign-up, an admin's create, invites and single sign-on. Only addresses every mailer sends as
// written pass: a local part of RFC 5322's dot-atom (no quotes, commas, angle brackets, spaces
// or control characters, which mailers rewrite or split into other recipients) and a domain of
// dot-separated labels. Non-ASCII letters pass in the domain (IDN) and in the local part (RFC 6531).

/** RFC 5322 atext, and any letter or digit beyond ASCII. */
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\-\\p{L}\\p{N}]+"
/** A DNS label: letters and digits, hyphens inside. */
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}\\-]*[\\p{L}\\p{N}])?'
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'u')

/** True when `email` (already trimmed) is an address a mailer would send as written. */
export const isValidEmail = (email: string): boolean => email.length <= 320 && EMAIL.test(email)

/** The one spelling of an address that accounts, invites and app passwords store and look up. */
export const normaliseEmail = (raw: string): string => raw.trim().toLowerCase()
