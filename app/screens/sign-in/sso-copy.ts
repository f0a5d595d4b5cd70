// The strings of single sign-on on the sign-in screen and in Settings. Ours: DESIGN §7
// "Two-factor and single sign-on".
export const ssoCopy = {
  /** The button: "Sign in with Authelia" (the server's OIDC_BUTTON_LABEL). */
  button: (label: string) => `Sign in with ${label}`,
  or: 'or',
  failedRestore: 'The single sign-on did not complete. Try again.',
  /** Why the server refused a single sign-on, by the code it sent back. */
  errors: {
    OIDC_STATE: 'That sign-in expired or was started in another browser. Try again.',
    OIDC_FAILED: 'Your identity provider did not confirm the sign-in. Try again.',
    OIDC_EMAIL_UNVERIFIED: 'Your identity provider has not verified your email address, so it cannot sign you in here.',
    OIDC_EMAIL_INVALID: 'Email is invalid: your identity provider gave an address this server cannot use.',
    OIDC_SIGNUP_CLOSED:
      "No account here uses your email, and this server does not open new ones. Ask the server's admin.",
    OIDC_UNAVAILABLE: 'Your identity provider cannot be reached. Try again later.',
    ACCOUNT_DISABLED: "This account is disabled. Ask the server's admin.",
  } as Record<string, string>,
  errorFallback: 'Single sign-on failed. Try again.',
  /** Settings, for an account a single sign-on made (it has no password yet). */
  setPassword: {
    button: 'Set a password',
    title: 'Set a password',
    hint: 'You sign in with single sign-on. A password lets you sign in without it too.',
    success: 'Password set',
    error: 'Error setting the password',
  },
} as const

/** The sign-in screen's message for `?sso-error=CODE`. */
export const ssoErrorMessage = (code: string) => ssoCopy.errors[code] ?? ssoCopy.errorFallback
