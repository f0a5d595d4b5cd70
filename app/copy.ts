// Every user-visible string of the app. Texts quoted by SPEC.md are copied verbatim (spelling,
// capitals and punctuation included, e.g. "it’s"); the few the spec leaves open are marked "ours".

export const copy = {
  appName: 'Cumulus',
  loading: 'Loading',
  unexpectedError: 'Unexpected Application Error!',
  notifications: 'Notifications',
  dismiss: 'Dismiss',
  okay: 'Okay',
  yes: 'Yes',
  cancel: 'cancel',

  auth: {
    loginTitle: 'Login to your account',
    createTitle: 'Create an account',
    resetTitle: 'Reset Password',
    email: 'Email address',
    password: 'Password',
    verifyPassword: 'Verify Password',
    forgot: 'Forgot?',
    createAccount: 'Create account',
    backToLogin: 'Back to Login',
    // ours: the submit buttons
    loginSubmit: 'Login',
    createSubmit: 'Create account',
    resetSubmit: 'Send reset email',
    restoring: 'Restoring your session',
    loginExpired: 'Login Expired',
    loginFailedCredentials: 'Incorrect email or password',
    loginError: 'Login Error',
    emailExists: 'Email Already Exists',
    validationError: 'Validation Error',
    createError: 'Create Account Error',
    emailVerificationSent: 'Email Verification Sent',
    resetPending: 'Sending password reset...',
    resetSent: 'Password Reset Sent',
    resetError: 'Error Sending Password Reset',
    resetEmailMissing: 'Email does not exist',
    resetNotEnabled: 'Email Verification Not Enabled',
    resetFailed: 'Create Account Failed',
    // ours (DESIGN §7): a server without mail
    resetNoMail: "Password reset by email is not set up on this server. Ask the server's admin to reset your password.",
  },

  validation: {
    passwordShort: 'Password must be at least 6 characters',
    passwordLong: 'Password must be less than 256 characters',
    passwordsDiffer: 'Passwords do not match',
    emailShort: 'Email must be at least 3 characters',
    emailLong: 'Email must be less than 320 characters',
    emailInvalid: 'Email is invalid',
    // ours: the server's rule for names of people and groups (server/util/names.ts
    // checkPersonName), word for word; `what` is "Display name" or "Group name".
    nameEmpty: (what: string) => `${what} must not be empty`,
    nameLong: (what: string) => `${what} must be at most 64 characters`,
    nameControl: (what: string) => `${what} must not contain control characters such as line breaks or tabs`,
    nameBidi: (what: string) => `${what} must not contain characters that reverse the text direction`,
  },

  // ours (DESIGN §8 "Names"): what other people on this server see of an account
  displayName: {
    what: 'Display name',
    field: 'Your name',
    optional: 'Optional',
    change: 'Change',
    changeLabel: 'Change your name',
    save: 'Save',
    saved: 'Name saved',
    error: 'Could not save the name',
  },

  resetPassword: {
    title: 'Reset Password',
    password: 'Password',
    verifyPassword: 'Verify Password',
    submit: 'Reset',
    success: 'Password Reset',
    invalidToken: 'Invalid token error',
    failed: 'Reset Password Failed',
  },

  changePassword: {
    title: 'Change password',
    current: 'Current password',
    next: 'New password',
    verify: 'Verify new password',
    submit: 'Submit',
    success: 'Password Changed',
    incorrect: 'Incorrect password',
    error: 'Error changing password',
  },

  // ours: beside SPEC §8's transport messages (kept first, word for word), what they mean for the
  // person reading them (failureReason).
  transport: {
    network: 'The server could not be reached. Check your connection, then try again.',
    timeout: 'The server took too long to answer. Try again in a moment.',
    serverDown: 'The server is not answering right now. Try again in a moment.',
  },

  // SPEC §5 "Prompts".
  prompts: {
    renameFile: 'Enter A File Name',
    renameFolder: 'Enter A folder Name',
    newFolder: 'Enter Folder Name',
    required: 'Please Enter a Name',
    // ours: the server's name rules (server/util/names.ts), word for word, checked as the user types.
    nameTooLong: 'Name must be at most 255 characters',
    nameSlash: 'Name must not contain "/"',
    nameNul: 'Name must not contain NUL characters',
    nameDots: 'Name must not be "." or ".."',
    noItemsSelected: 'No items selected',
    okay: 'Okay',
  },

  // ours (DESIGN §8): the invite link's screen, and sign-up refusals that name the invite
  invite: {
    title: "You're invited to Cumulus",
    intro: 'Create your account to start keeping your files here.',
    checking: 'Checking your invite',
    used: 'This invite has been used',
    expired: 'This invite has expired',
    invalid: 'This invite link is not valid',
    askAgain: "Ask the server's admin for a new invite link.",
    haveAccount: 'I already have an account',
    required: "Sign-up on this server needs an invite link. Ask the server's admin for one.",
  },
} as const
