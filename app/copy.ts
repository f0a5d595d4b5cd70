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
  },

  validation: {
    passwordShort: 'Password must be at least 6 characters',
    passwordLong: 'Password must be less than 256 characters',
    passwordsDiffer: 'Passwords do not match',
    emailShort: 'Email must be at least 3 characters',
    emailLong: 'Email must be less than 320 characters',
    emailInvalid: 'Email is invalid',
  },

  cooldown: {
    title: 'Please wait 1 minute before resending',
  },

  verifyEmail: {
    title: 'Verify email', // ours
    pending: 'Verifying email...',
    success: 'Email Verified',
    error: 'Error verifying email',
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

  settings: {
    title: 'Settings',
    menu: 'Settings menu', // ours: the mobile toggle of the left menu
    home: 'HOME',
    account: 'Account',
    general: 'General',
    email: 'Email', // ours: label of the account email
    resend: 'Resend',
    resendSuccess: 'Email Verification Resent',
    resendError: 'Error Resending Email Verification',
    changePassword: 'Change password',
    logout: 'Logout',
    logoutAll: 'Logout all sessions',
    logoutConfirm: 'Logout?', // ours: SPEC §8 gives no wording beyond "asks for confirmation"
    logoutAllConfirm: 'Logout all sessions?', // ours, as above
    logoutPending: 'Logging out...',
    logoutSuccess: 'Logged out',
    logoutError: 'Error Logging Out',
    logoutAllPending: 'Logging out all...',
    logoutAllSuccess: 'Logged out all',
    logoutAllError: 'Error Logging Out all',
    fileListStyle: 'File list style',
    grid: 'Grid',
    list: 'List',
    sortBy: 'Sort by',
    date: 'Date',
    name: 'Name',
    orderBy: 'Order by',
    descending: 'Descending',
    ascending: 'Ascending',
    singleClick: 'Single click to enter folders',
    loadThumbnails: 'Load thumbnails',
    enabled: 'Enabled',
    disabled: 'Disabled',
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

  userLoadError: {
    title: 'Error loading user account',
    text: 'There was an error loading your account, would you like to logout?',
    confirm: 'Yes, logout',
  },

  publicDownload: {
    copyName: 'Copy name',
    copied: 'Filename Copied',
    details: 'File details',
    access: 'Access', // ours: labels of the details block
    size: 'Size',
    uploaded: 'Uploaded',
    temporary: 'Temporary',
    public: 'Public',
    private: 'Private',
    download: 'Download',
    error: 'Error getting public file',
  },

  layout: {
    menu: 'Menu', // ours: the mobile drawer toggle and the drawer's title
    closeMenu: 'Close menu', // ours
    navigation: 'Navigation', // ours: the sidebar's landmark name
    settings: 'Settings',
    addNew: 'ADD NEW',
    uploadFiles: 'Upload Files',
    createFolder: 'Create Folder',
    uploadFolder: 'Upload Folder',
    newFolderTitle: 'Enter Folder Name',
    home: 'Home',
    media: 'Media',
    trash: 'Trash',
    details: 'Details', // ours: the panel's landmark name
    detailsEmpty: 'Select a file or folder to view it’s details.',
    type: 'Type',
    size: 'Size',
    created: 'Created',
    access: 'Access',
    folder: 'Folder',
    public: 'Public',
    private: 'Private',
    search: 'Search',
    searchMedia: 'Search Media',
    searchTrash: 'Search Trash',
    clearSearch: 'Clear search', // ours
    folders: 'Folders', // ours: suggestion group names
    files: 'Files', // ours
    noResults: 'No Results',
    searching: 'Searching', // ours
    comingSoon: 'Your files appear here.', // ours: placeholder body until the file screens land (part 2)
  },
} as const
