// The strings only lazily loaded screens and dialogs use, beside the first-load ones of copy.ts,
// so the sign-in page does not download the whole drive's copy (DESIGN §6 first-load budget).
// Same rules as copy.ts: texts quoted by SPEC.md verbatim; the ones the spec leaves open are marked "ours".
import { copy as firstLoad } from './copy.ts'

export const copy = {
  ...firstLoad,
  cooldown: {
    title: 'Please wait 1 minute before resending',
  },
  verifyEmail: {
    title: 'Verify email', // ours
    pending: 'Verifying email...',
    success: 'Email Verified',
    error: 'Error verifying email',
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
    // ours: the one-line description under each General setting's label
    fileListStyleHint: 'Show your files as cards with previews, or as a compact list.',
    sortByHint: 'Order files by the date they were added, or by name.',
    orderByHint: 'Descending lists the newest (or Z) first.',
    singleClickHint: 'Open a folder with one click instead of two.',
    loadThumbnailsHint: 'Show image and video previews; turn off to save data.',
    theme: 'Theme', // ours: not in SPEC §2's table
    themeHint: 'Follow your device, or always use light or dark colours.',
    system: 'System',
    light: 'Light',
    dark: 'Dark',
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
    taken: 'Taken', // ours: a photo's EXIF date, as in the details panel
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
    uploadButton: 'Upload', // ours: the phone's floating button with ADD NEW's choices
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
    // ours: a member's search inside a folder shared with them covers that folder alone
    searchIn: (folder: string) => `Search in ${folder}`,
    clearSearch: 'Clear search', // ours
    folders: 'Folders', // ours: suggestion group names
    files: 'Files', // ours
    noResults: 'No Results',
    searching: 'Searching', // ours
  },
  // SPEC §2 "Home page" and "Media page": section titles and controls.
  search: {
    // ours: DESIGN §8 "Search inside files" (the spec leaves the wording open)
    bestMatch: 'Best match',
    type: 'Type',
    date: 'Date',
    folders: 'Folders',
    photos: 'Photos',
    videos: 'Videos',
    documents: 'Documents',
    audio: 'Audio',
    anyTime: 'Any time',
    pastWeek: 'Past 7 days',
    pastMonth: 'Past 30 days',
    thisYear: 'This year',
    customRange: 'Custom range…',
    customRangeTitle: 'Custom range',
    from: 'From',
    to: 'To',
    apply: 'Apply',
    clearRange: 'Clear',
    rangeMissing: 'Choose a first day, a last day or both.',
    rangeOrder: 'The first day must be on or before the last day.',
    rangeChosen: (from: string | undefined, to: string | undefined) =>
      from && to ? `${from} – ${to}` : from ? `From ${from}` : `Until ${to ?? ''}`,
    location: 'Location',
    openFolder: (name: string) => `Open folder ${name}`,
    owner: 'Owner',
  },
  browser: {
    quickAccess: 'Quick Access',
    // ours: the collapse toggle's name follows its state
    quickAccessShowMore: 'Show more',
    quickAccessShowLess: 'Show less',
    homeFolders: 'Home Folders',
    folders: 'Folders',
    searchFolders: 'Search',
    trashFolders: 'Trash',
    noFolders: 'No Folders',
    homeFiles: 'Home Files',
    files: 'Files',
    noFiles: 'No files here yet', // ours: an empty file list
    trashBanner: 'Items in the trash may be automatically deleted depending on the servers settings.',
    // ours: beside the spec's banner, this server's real retention (TRASH_RETENTION_DAYS, 0 = never).
    trashRetention: (days: number) =>
      days > 0
        ? `On this server, items are deleted forever ${days === 1 ? '1 day' : `${days} days`} after they are moved to the trash.`
        : 'On this server, items stay in the trash until you delete them.',
    // ours: a trashed item's days left before the retention sweep deletes it, and when it was deleted.
    trashDaysLeft: (days: number) => (days <= 0 ? 'Deleted soon' : days === 1 ? '1 day left' : `${days} days left`),
    trashDeleted: (date: string) => `Deleted ${date}`,
    emptyTrashAction: 'Empty trash', // ours
    sortBy: 'Sort by', // ours: the sort select's name
    modified: 'Modified',
    size: 'Size', // ours: sort fields beside the spec's Modified and Name
    type: 'Type',
    name: 'Name',
    ascending: 'Ascending', // ours: the direction toggle's name
    oldestFirst: 'Oldest first', // ours: the gallery's direction toggle (pressed: oldest first)
    view: 'View', // ours: the view toggle group
    gridView: 'Grid view', // ours
    listView: 'List view', // ours
    columnName: 'Name',
    columnSize: 'Size',
    columnCreated: 'Created',
    columnActions: 'Actions',
    actionsFor: (name: string) => `Actions for ${name}`, // ours
    itemMenu: 'Actions', // ours: the context menu's name
    breadcrumb: 'Breadcrumb', // ours
    back: 'Back', // ours
    folderActions: 'Folder actions', // ours
    mediaAll: 'Photos and Videos',
    mediaPhotos: 'Photos',
    mediaVideos: 'Videos',
    filter: 'Filter', // ours: the media filter select's name
    filterAll: 'All',
    filterPhotos: 'Photos',
    filterVideos: 'Videos',
    noMedia: 'No photos or videos yet', // ours
    noMediaHint: 'Upload photos and videos and they show up here', // ours: under noMedia, above the Upload Files button
    thumbnailError: 'Thumbnail failed to load', // ours
    jumpToMonth: 'Jump to month', // ours: the Media page's date scrubber
    dropFiles: 'Drop files to upload', // ours: the drag-and-drop overlay
    // ours: the empty states (an illustration, a title, the next step).
    emptyHome: 'Your drive is empty',
    emptyFolder: 'This folder is empty',
    emptyHint: 'Drop files here or use ADD NEW',
    emptyHintPhone: 'Tap Upload to add files', // the phone's ADD NEW is in the drawer: the floating Upload button is on screen
    emptyTrash: 'Trash is empty',
    emptyTrashHint: 'Items you delete show up here',
    noResults: (search: string) => `No results for "${search}"`,
    noResultsHint: 'Try another name, or check the spelling',
    // ours: a folder URL whose folder is gone (deleted) or never was.
    folderMissing: "This folder doesn't exist or was deleted",
    folderMissingHint: 'Check the link, or go back to Home.',
    goHome: 'Go to Home',
    folderMissingUpload: "This folder doesn't exist or was deleted: nothing can be added here",
  },
  // SPEC §2 "Context menu" and "Multi-select bar": action names (ours, the spec names them only).
  actions: {
    open: 'Open',
    rename: 'Rename',
    move: 'Move',
    share: 'Share',
    download: 'Download',
    trash: 'Trash',
    restore: 'Restore',
    delete: 'Delete',
    copy: 'Make a copy', // ours
    multiSelect: 'Multi-select',
    details: 'Details',
    selection: 'Selection', // the multi-select toolbar's name
    selected: (count: number) => `${count} selected`,
    clearSelection: 'Clear selection',
  },
  // SPEC §8 "Toasts per action" (pending, success, error).
  toasts: {
    rename: { pending: 'Renaming...', success: 'Renamed', error: 'Error Renaming' },
    copy: { pending: 'Copying...', success: 'Copy made', error: 'Error Making Copy' }, // ours
    trash: { pending: 'Trashing...', success: 'Trashed', error: 'Error Trashing' },
    delete: { pending: 'Deleting...', success: 'Deleted', error: 'Error Deleting' },
    emptyTrash: { pending: 'Emptying trash...', success: 'Trash emptied', error: 'Error Emptying Trash' }, // ours
    restore: { pending: 'Restoring...', success: 'Restored', error: 'Error Restoring' },
    // ours: a restore whose items' folders are gone or in the trash put them in Home.
    restoredToHome: (count: number) =>
      count === 1
        ? 'Restored to Home: its folder is gone or in the trash'
        : `Restored: ${count} items went to Home, their folders are gone or in the trash`,
    // ours: the success toast's action after a trash, move or rename, and what it says.
    undo: 'Undo',
    undoing: 'Undoing...',
    undone: 'Undone',
    undoFailed: (reason: string) => `Couldn't undo: ${reason}`,
    makePublic: { pending: 'Making Public...', success: 'Public Link Generated', error: 'Error Making Public' },
    removeLink: { pending: 'Removing Link...', success: 'Link Removed', error: 'Error Removing Link' },
    moveItems: { pending: 'Moving items...', success: 'Items Moved', error: 'Error Moving Items' },
    moveFile: { pending: 'Moving File...', success: 'File Moved', error: 'Error Moving File' },
    moveFolder: { pending: 'Moving Folder...', success: 'Folder Moved', error: 'Error Moving Folder' },
    linkCopied: 'Link Copied',
    filenameCopied: 'Filename Copied',
    videoError: 'Error getting video',
  },
  // SPEC §8 "Confirmation dialogs" (buttons Yes and cancel).
  confirm: {
    deleteFile: { title: 'Delete file?', text: 'You will not be able to recover this file.' },
    deleteFolder: { title: 'Delete folder?', text: 'You will not be able to recover this folder.' },
    deleteItems: { title: 'Delete items?', text: 'You will not be able to recover these items.' },
    emptyTrash: {
      title: 'Empty trash?',
      text: 'Everything in the trash will be deleted forever. You will not be able to recover these items.',
      // ours: what goes, counted from the trash as listed ("more than" while more files are unloaded).
      counted: ({ files, folders, more }: { files: number; folders: number; more: boolean }) => {
        const fileText = more ? `More than ${files} files` : files === 1 ? '1 file' : `${files} files`
        const folderText = folders === 1 ? '1 folder' : `${folders} folders`
        const what = folders === 0 ? fileText : files === 0 && !more ? folderText : `${fileText} and ${folderText}`
        const inside = folders > 0 ? ', with everything in the folders,' : ''
        return `${what.charAt(0).toUpperCase()}${what.slice(1)}${inside} will be deleted forever. You will not be able to recover them.`
      },
    }, // ours
    trash: { title: 'Move to trash?', text: 'Items in the trash will eventually be deleted.' },
    restoreItem: { title: 'Restore item?' },
    restoreItems: { title: 'Restore items?' },
  },
  // SPEC §2 "File viewer modal", "Share modal", "Move modal", "Upload panel".
  viewer: {
    imageError: 'Error loading image',
    textError: 'Error loading text', // ours
    previous: 'Previous', // ours
    next: 'Next', // ours
    close: 'Close', // ours
    fileActions: 'File actions', // ours
    // ours: the PDF viewer (DESIGN §8 "Previews").
    pdf: {
      loading: 'Loading PDF',
      error: "This PDF can't be shown",
      download: 'Download',
    },
  },
  // ours: the family timeline on the Media page (issue #39 point 5).
  timeline: {
    includeShared: 'Include shared',
    person: 'Whose photos',
    everyone: 'Everyone',
    me: 'Me',
  },
  share: {
    title: 'Share', // ours
    copyLink: 'Copy link',
    link: 'Share link', // ours
    noLink: 'No link while the file is private', // ours
    permission: 'Permission',
    private: 'Private',
    public: 'Public',
    temporary: 'Temporary',
  },
  move: {
    title: 'Move', // ours
    search: 'Search', // ours
    home: 'Home',
    toHome: 'Move to home',
    to: (name: string) => `Move to ${name}`,
    confirm: 'Confirm',
  },
  // ours: the share, move and file details modals' texts beyond those above (SPEC §2 leaves them open).
  modals: {
    close: 'Close',
    goHome: 'Go to Home',
    loadingFolders: 'Loading folders',
    shareHints: {
      private: 'Only you can open this file. Choose Public or Temporary to get a link.',
      public: 'Anyone with the link can view and download this file. Changing the permission ends this link.',
      one: 'Anyone with the link can download this file once; then it becomes private again. Changing the permission ends this link.',
    },
  },
  // ours (issue #39, DESIGN.md §8 "Sharing between accounts"): sharing with the people of this server.
  people: {
    title: 'Share with people',
    hint: 'People you add see this in their Shared with me. Viewers can open and download; editors can also add, rename, move and trash inside.',
    pickerLabel: 'Add people or groups',
    pickerPlaceholder: 'Name or email',
    role: 'Role',
    roles: { viewer: 'Can view', editor: 'Can edit' },
    access: 'Who has access',
    loading: 'Loading who has access',
    loadError: 'Who has access could not be loaded',
    remove: 'Remove',
    you: 'You',
    group: 'Group',
    groupMembers: (n: number) => (n === 1 ? '1 member' : `${n} members`),
    // The multi-select bar's Share: one person or group, one role, every selected item.
    multiTitle: (n: number) => (n === 1 ? 'Share 1 item' : `Share ${n} items`),
    multiHint: 'Choose a person or group: each selected item is shared with them in the role below.',
    sharedCount: (n: number, name: string) =>
      n === 1 ? `Shared 1 item with ${name}` : `Shared ${n} items with ${name}`,
    sharedSome: (n: number, of: number, name: string) => `Shared ${n} of ${of} items with ${name}`,
    errors: {
      ALREADY_SHARED: 'Already shared with them',
      OWNER_ONLY: 'Only the owner can share this',
      VIEWER_ROLE: 'You can only view this',
      OUTSIDE_SHARE: 'That is outside the shared folder',
    },
    toasts: {
      add: { pending: 'Sharing...', success: 'Shared', error: 'Error Sharing' },
      role: { pending: 'Changing Role...', success: 'Role Changed', error: 'Error Changing Role' },
      remove: { pending: 'Removing Access...', success: 'Access Removed', error: 'Error Removing Access' },
    },
  },
  // ours (issue #39): the "Shared with me" screen and what an item says about its people.
  sharedWithMe: {
    nav: 'Shared with me',
    title: 'Shared with me',
    intro: 'Files and folders other people of this server share with you.',
    folders: 'Shared Folders',
    files: 'Shared Files',
    empty: 'Nothing shared with you yet',
    emptyHint: 'When someone shares a file or folder with you, it shows up here.',
    loadError: 'What is shared with you could not be loaded',
    retry: 'Try again',
    loadMore: 'Show more',
    // The card's note: whose it is and the caller's role (the card's date is when it was shared).
    note: (owner: string, role: string) => `${owner} · ${role}`,
    viewOnly: 'You can view and download what is shared here.',
    details: { owner: 'Owner', role: 'Your role', addedBy: 'Added by', shared: 'Shared with others' },
  },
} as const
