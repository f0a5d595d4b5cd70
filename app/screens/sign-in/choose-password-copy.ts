// The strings of the "Choose a new password" step (a lazy chunk, so not in the first-load copy.ts).
export const choosePasswordCopy = {
  title: 'Choose a new password', // ours (DESIGN §7: after an admin's reset)
  text: 'You signed in with a temporary password from the server’s admin. Choose your own to continue.',
  current: 'Temporary password',
  next: 'New password',
  verify: 'Verify new password',
  submit: 'Save and continue',
  signOut: 'Sign out',
} as const
