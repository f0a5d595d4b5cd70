// The strings of signing in with a passkey (ours: DESIGN §7 "Two-factor and single sign-on"), for
// the sign-in screen's lazy chunks (its passkey button, the second step), with what a closed
// browser prompt reads as.
export const passkeyCopy = {
  signIn: 'Sign in with a passkey',
  usePasskey: 'Use a passkey',
  passkeyText: 'Use a passkey saved on this device, your phone or a security key.',
  cancelled: 'The passkey prompt was closed before it finished. Try again.',
} as const
