// The strings of the sign-in's second step (a lazy chunk, so not in the first-load copy.ts). Ours:
// DESIGN §7 "Two-factor and single sign-on".
export const secondFactorCopy = {
  title: 'Two-step verification',
  codeText: 'Enter the 6-digit code from your authenticator app.',
  recoveryText: 'Enter one of your recovery codes. Each one works once.',
  code: 'Code',
  recoveryCode: 'Recovery code',
  submit: 'Verify',
  useRecovery: 'Use a recovery code instead',
  useCode: 'Use your authenticator app instead',
  usePasskey: 'Use a passkey instead',
  backToLogin: 'Back to Login',
  failed: 'Could not check the code. Try again.',
} as const
