/** User-facing texts of docs/product.md §5 and §8, kept once so server and web say the same words. */
export const MESSAGES = {
  displayNameRequired: 'Display name is required.',
  // The original said 6 characters; 8 is a deliberate change (docs/decisions/009-account-security.md).
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  emailInvalid: 'Please enter a valid email address.',
  invalidCredentials: 'Invalid email or password.',
  /** After a sign-up that opened no session: the same words whether or not the email was new. */
  signUpNoSession:
    'Your account could not be opened. If you already have an account with this email, sign in.',
  currentPasswordRequired: 'Enter your current password.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  otherSessionsSignedOut: 'Your other sessions were signed out.',
  resetLinkInvalid: 'This reset link is invalid, expired or already used. Ask for a new one.',
  passwordReset: 'Your password was reset. Sign in with your new password.',
  resetEmailSent:
    'If an account exists for this email, a reset link is on its way. It works once, for 1 hour.',
  resetAskAdministrator:
    'Password reset by email is not set up on this server. Ask your administrator for a reset link.',
  accountDisabled: 'This account is disabled. Ask your administrator.',
  signUpClosed: 'Sign-up is closed on this server. Ask your administrator for an account.',
  networkFailed: 'Network connection failed. Please check your internet connection and try again.',
  authConfigFailed: 'Authentication failed. Please check your Supabase configuration.',
  unexpected: 'An unexpected error occurred',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  notSignedIn: 'Please sign in to continue.',
  // Points at the one real action (users cannot grant themselves access): Settings > Plan says who can.
  accessRequired:
    'This needs an active PRO trial or the UNLIMITED plan. Settings > Plan shows how to get access.',
  loadingSlow: 'Loading is taking longer than expected',
} as const;

/**
 * Why a shared-project action was refused (403) or is unavailable in the web (decision 008). Listed in docs/product.md §8;
 * the original had no permission model, so these follow the help article on shared projects.
 */
export const PERMISSION_MESSAGES = {
  moveOut: "Only the project's owner or the note's author can move this note out of the shared project.",
  delete: "Only the project's owner or the note's author can delete this note.",
  /** Both refused at once (the usual case: the same rule governs both), as the note menu says it. */
  moveOutOrDelete: "Only the project's owner or the note's author can move this note out or delete it.",
  renameRecolour: 'Only the owner can rename, describe or recolour this shared project.',
  manageCode: "Only the owner can change this shared project's code.",
  manageMembers: 'Only the owner can remove members from this shared project.',
  deleteProject: 'Only the owner can delete this shared project; members can leave it.',
  /** Read, edit, create, move in, leave: refused only to non-members, who get 404 instead. */
  other: 'You do not have permission to do that in this project.',
  ownerCannotLeave: 'The owner cannot leave; delete the project instead.',
  ownerCannotBeRemoved: 'The owner cannot be removed; delete the project instead.',
  removedFromProject: 'The owner removed you from this project, so you cannot join it again with its code.',
  /** A one-line hint on a shared project page, for members. */
  memberHint:
    'Members can add and edit notes. Only the owner or a note’s author can move it out or delete it.',
} as const;

// The voice assistant's and the AI endpoints' texts are in './voice-messages' and './ai-messages': only
// the server and lazy chunks use them, and this module is on the web's first route, whose JS budget is
// full (a module lands whole in one chunk).

/**
 * Import and export texts (listed in docs/product.md §8). A refused upload
 * says what limit it hit; a skipped file says why in the import summary.
 */
export const IMPORT_MESSAGES = {
  noFile: 'Choose a file to import: .md, .txt, .docx, .enex or a .zip of Markdown files.',
  tooLarge: 'This file is larger than 20 MB. Split it into smaller files and import them one by one.',
  unsupportedType:
    'This file type cannot be imported. Use .md, .txt, .docx, .enex or a .zip of Markdown files.',
  zipUnreadable: 'This .zip file could not be read. It may be damaged or not a zip file.',
  zipTooManyEntries: 'This .zip file has more than 2000 entries. Split it into smaller archives.',
  zipTooLarge: 'This .zip file unpacks to more than 100 MB. Split it into smaller archives.',
  zipBomb: 'This .zip file was refused: an entry unpacks to far more than its packed size (a zip bomb).',
  nothingImported: 'Nothing was imported.',
  skipEmpty: 'Empty file (0 bytes).',
  skipUnsafePath: 'Unsafe path (absolute or leading outside the archive); not imported.',
  skipImage: 'Images are not imported yet; the note keeps its text.',
  skipImageUnused: 'An image no note of this upload shows; not imported.',
  skipUnsupported: 'Not a note file (.md, .txt or .docx).',
  skipNotText: 'Not readable text: the file is binary or in an unknown encoding.',
  skipTooLarge: 'Larger than 10 MB once unpacked.',
  skipEncrypted: 'Encrypted zip entries cannot be imported.',
  skipCompression: 'Uses a zip compression method other than deflate.',
  skipDocxUnreadable: 'This Word file could not be read.',
  skipTooLong: 'Longer than a note can be (1,000,000 characters).',
  skipHidden: 'System or hidden file.',
  skipNotionTwin:
    'Notion’s second copy of a database (it writes X.csv and X_all.csv): the _all.csv file, which holds every row and column, was imported.',
  skipKeepHtml: 'The web page copy of a Google Keep note; its .json file was imported.',
  skipKeepTrashed: 'In the Google Keep trash; not imported.',
  skipKeepLabels: 'Google Keep’s list of labels; each note’s labels became its tags.',
  skipEnexUnreadable: 'This Evernote file (.enex) could not be read: no <en-export> element.',
  skipNoteLimit: 'An import holds at most 2000 notes; the notes after that were not imported.',
  skipEnexNoteCutShort:
    'The file ends inside this note (the export was cut short), so it was not imported. Export it again from Evernote.',
  skipEnexNoteUnreadable: 'This note could not be converted; the other notes were imported.',
  skipEnexNoteTooComplex:
    'This note needs too much time or memory to convert; the other notes were imported. Split it in Evernote and import it again.',
  skipEnexNoteLate:
    'The import ran out of time before this note was converted; the notes before it were imported. Export the missing notes as a smaller notebook and import it.',
  docxTooLarge:
    'This Word file is too large to import: its text unpacks to more than 3 MB. Split it into smaller documents and import them one by one.',
  docxTooComplex:
    'This Word file is too complex to convert (it needs too much time or memory). Split it into smaller documents and import them one by one.',
  tooComplex:
    'This file took too much time or memory to read. Split it into smaller files and import them one by one.',
  sharingNotRestored: (projects: readonly string[]) =>
    `Sharing is not restored for: ${projects.join(', ')}. ${projects.length === 1 ? 'Its' : 'Their'} notes are imported as your own; members and share codes are not in the export.`,
  busy: 'Imports are busy right now. Try again in a moment.',
  alreadyRunning: 'Your previous import is still running. Wait for it to finish, then try again.',
} as const;

/** The import summary's reasons for what a Word file's conversion approximated or dropped. */
export const IMPORT_REPORT = {
  mergedCells: 'Merged table cells are split: the text stays in the first cell, the others are empty.',
  blocksInCells: 'Lists and tables inside a table cell become lines of text in that cell.',
  superSubscripts: 'Superscript and subscript become plain text (notes have no such formatting).',
  textBoxes: 'Text boxes become paragraphs where the box was anchored.',
  internalLinks: 'Links to a place inside the Word file keep their text (the note has no such places).',
  unsafeLinks: 'Links that are not web or email addresses keep their text.',
  comments: 'Word comments are not imported.',
  embeddedObjects: 'Embedded objects (spreadsheets, equations, other files) are not imported.',
  charts: 'Charts and SmartArt diagrams are not imported.',
  imageFormat:
    'Only PNG, JPEG, GIF, WebP and AVIF images can be shown (not Word drawings such as EMF or WMF).',
  imageLimit: 'Over the image limits of an import (20 per document, 50 and 25 MB per upload, 5 MB each).',
  imageRejected: 'The image could not be read or is too large.',
  imageExternal: 'Pictures linked from outside the document (not embedded in it) are not imported.',
  // Markdown files (Obsidian, Bear, Notion, our own export).
  propertiesAsTable: 'Properties the note has no field for are kept as a table at the top of the note.',
  callouts: 'Callouts become quotes with their type and title in bold (notes have no callout block).',
  noteEmbeds: 'Embedded notes become links to the imported note.',
  headingLinks: 'Links to a heading open the note (notes have no links to a heading).',
  badDates: 'Dates that are not a valid past date are kept in the properties table.',
  tagLimit: 'Tags over the limit (20 per note, 40 characters each) are kept in the properties table.',
  unsupportedEmbeds:
    'Embeds of files other than notes and images (such as .base, .pdf or audio) keep their name as text.',
  imagesMissing: 'Images the file names but the upload does not hold; the note keeps their name.',
  unresolvedLinks: 'Links to notes that are not in this upload keep their text.',
  httpImages:
    'Pictures from http:// addresses (not https) become links to them: notes show only secure pictures.',
  tooManyProjects:
    'An import makes at most 50 projects (one per top-level folder): this folder went into the chosen project, its path kept as a tag.',
  projectNotUsed:
    'The file names a project (project:); everything went into the chosen project. Choose "One project per top-level folder" to use it.',
  imageUnreadable: 'Images too large for an import (5 MB each, 50 and 25 MB per upload) keep their name.',
  // Evernote (.enex) and Google Keep (Takeout).
  attachments:
    'Attachments other than images (such as PDFs or audio) are not imported; the note keeps their file name in brackets.',
  encrypted: 'Encrypted text cannot be read without its password; the note marks where it was.',
  noteAttributes:
    'Note details the note has no field for (author, source address, archived, colour) are kept as a table at the top.',
} as const;
