/**
 * User-visible texts from spec §5 (validation) and §8 (error catalogue), kept verbatim.
 * Server and web both import them, so a text changes in one place.
 */
export const MESSAGES = {
  // §5 validation
  // The spec's composition rule and its hint are gone (docs/decisions/0010): its minimum text stays.
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  /** Shown under a new password, above the strength meter. */
  passwordAdvice: 'At least 8 characters. A few unrelated words make a strong, memorable password.',
  passwordTooLong: 'Password must be at most 256 characters',
  passwordCommon: 'This password is too common. Please choose a less predictable one.',
  passwordContainsContext: 'Password must not contain your name, e-mail or company name',
  passwordSameAsTemporary: 'Choose a new password that differs from your temporary password',
  mustAgreeToTerms: 'You must agree to the Terms of Service',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  fullNameRequired: 'Full name is required',
  companyNameRequired: 'Company name is required',
  userTypeRequired: 'Please select a user type',
  currentPasswordRequired: 'Current password is required',

  // §8 login
  invalidCredentials: 'Invalid email or password',
  loginNetworkError: 'Network error - please try again',
  loginNoToken: 'Login failed. Please try again.',
  temporaryPasswordExpired: 'Temporary password expired. Please use Forgot Password to request a reset link.',

  // §8 refresh
  noTokenFromRefresh: 'No token received from refresh endpoint',

  // §8 signup
  signupFailed: 'Failed to create account',
  signupNetworkError: 'Network error. Please try again.',
  accountCreated: 'Account created successfully!',
  // Sign-up by e-mail (issue 15): the answer is the same whether or not the address has an account.
  signUpCheckEmail:
    'Check your e-mail: we have sent a message to that address. Open the link in it within 24 hours to finish creating your account.',
  signUpLinkResent: 'If a sign-up with that e-mail and password is waiting, we have sent a new link.',
  emailNotVerified:
    'Please verify your e-mail address first: open the link we sent you when you signed up, or have it sent again.',
  verificationLinkInvalid: 'This link is invalid or has expired. Please sign up again.',
  verificationPasswordWrong: 'That is not the password chosen when signing up',
  verificationAddressTaken: 'This e-mail already has an account. Please sign in, or reset your password.',

  // §8 forgot / reset
  somethingWentWrong: 'Something went wrong',
  resetFailed: 'Failed to reset password',
  resetUnexpected: 'Something went wrong. Please try again later.',
  resetLinkSent: 'If an account exists for that email, we have sent a password reset link.',
  resetTokenInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. You can now sign in.',
  temporaryTicketInvalid: 'Your sign-in step has expired. Please sign in again with your temporary password.',

  // §8 password update
  passwordUpdateFailed: 'Failed to update password',
  passwordUpdated: 'Password updated successfully.',
  currentPasswordWrong: 'Current password is incorrect',

  // §8 session
  sessionExpired: 'Session expired. Please log in again.',

  // Provider connection (§8), used by the settings banner
  connectFailedDefault: 'An unknown error occurred.',

  // Landing page
  leadThanks: "Thanks! We'll be in touch within one business day to set up your free trial.",

  // Profile
  profileSaved: 'Profile saved',

  // Platform
  tooManyRequests: 'Too many attempts. Please wait and try again.',
  notFound: 'Not found',
  unauthorized: 'Authentication required',
  forbidden: 'You do not have permission to do that',
  validationFailed: 'Some fields are invalid',
  internalError: 'Something went wrong on our side. Please try again.',
  serviceUnavailable: 'The service is shutting down or not ready. Please try again shortly.',
  crossSiteRefused: 'Cross-site request refused',
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 visible characters (a UUID is best).',
  idempotencyKeyInUse: 'This request is still being processed. Please wait a moment before trying again.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  idempotencyAnswerLost:
    'This request was already carried out, but its answer was lost. Reload the page to see the result.',

  // §2 screens: empty states
  emailNoProvider: 'Please connect a Google or Microsoft account to view your emails.',
  noClientsFound: 'No clients found',

  // Clients (spec §8 "Clients"; the success and field texts are ours)
  clientCreateFailed: 'Failed to create client. Please try again.',
  /** §8 Clients: creation answered with a success status other than 201. */
  clientCreateUnexpected: 'Unexpected response',
  clientsFetchFailed: 'Failed to fetch clients. Please try again.',
  clientsLoadFailedToast: 'Failed to load clients',
  clientCreated: 'Client created successfully. An invitation has been sent to their e-mail.',
  invitationResent: 'Invitation sent again',
  clientDeactivated: 'Client deactivated',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Enter a valid phone number',
  noCasesFound: 'No cases found',
  // Cases (issue 3; the spec shows no texts for them)
  caseTitleRequired: 'Case title is required',
  caseClientRequired: 'Choose the client',
  caseClientNotFound: 'That client is not in your firm',
  caseLeadNotAttorney: 'The lead attorney must be an attorney of your firm',
  caseCreated: 'Case created',
  caseUpdated: 'Case updated',
  caseMemberAdded: 'Added to the case',
  caseMemberRemoved: 'Removed from the case',
  caseMemberRoleMismatch: 'That role does not match the person’s account type',
  caseMemberNotFound: 'That person is not in your firm',
  // Documents (spec §5 and §8; the checks on the server are ours)
  selectFileToUpload: 'Please select a file to upload',
  aiFileTooLarge: 'File size must be less than 20MB',
  aiPdfOnly: 'Invalid file type. Allowed: PDF only, more types will be supported in future',
  selectCase: 'Please select a case',
  uploadFailed: 'Upload failed',
  uploadFailedToast: 'Upload failed. Please try again.',
  uploadInvalidResponse: 'Upload failed: Invalid response format',
  documentTypeNotAllowed:
    'This kind of file is not accepted. Allowed: .pdf, .doc, .docx, .txt, .jpg, .png, .zip',
  documentContentMismatch: 'The file’s contents do not match its extension',
  archiveTooManyEntries: 'The archive holds more than 1,000 files',
  archiveTooLarge: 'The archive unpacks to more than 500 MB',
  malwareScanUnavailable: 'Files cannot be checked for malware right now. Please try again in a few minutes.',
  documentDeleted: 'Document deleted',
  // One person, many firms (issue 9)
  noFirmYet: 'You are not a member of a firm yet',
  firmSwitched: 'Firm switched',
  invitationAccepted: 'Invitation accepted',
  invitationDeclined: 'Invitation declined',
  leftFirm: 'You have left the firm',
  firmMemberRemoved: 'Removed from the firm',
  lastAttorney: 'You are the firm’s last attorney: add another attorney before you leave',
  removeLastAttorney: 'The firm needs at least one attorney',
  removeSelf: 'To leave the firm yourself, use Leave firm under Settings → Firms',
  alreadyInFirm: 'This person is already in your firm',
  membershipNotFound: 'That firm is not one of yours',
  tryAgain: 'Something changed while we were saving. Please try again.',
  caseMemberIsClient: 'The client already sees their case; add a team member instead',
  noConversationsYet: 'No conversations yet',
  noConversationSelected: 'No conversation selected',
  messagesEmptyHint: 'Your messages will appear here when you have an active case',
  selectConversationHint: 'Select a conversation from the list to start messaging',
  loadingConversations: 'Loading conversations...',
  typeYourMessage: 'Type your message...',
  awayReplyDefault: "Thank you for your message. I'll get back to you as soon as possible.",
  messageRequired: 'Type a message first',
  messageTooLong: 'Messages are at most 5,000 characters',
  messageEditWindow: 'Messages can be edited for 5 minutes after they are sent',
  messageNotYours: 'Only the person who sent a message can change it',
  messageDeleted: 'This message was deleted',
  directNeedsPerson: 'Choose a person of your firm or one of its clients',
  directWithSelf: 'You cannot start a conversation with yourself',
  documentNotInCase: 'Only documents of this case can be linked',
  documentNotShared: 'Share the document with the client before linking it in the case thread',
  loadingTimeline: 'Loading timeline...',
  noTimelineEvents: 'No timeline events yet',
  timelineEmptyHint: 'Your case timeline will appear here once your case is active.',
  // Provider connections and e-mail (§8, issue 10)
  invalidState: 'Invalid state parameter.',
  providerUnknown: 'Could not determine the OAuth provider.',
  authUrlMissing: 'Failed to get auth URL from server.',
  disconnectNeedsUser: 'User ID is required to disconnect.',
  providerNotConnected: 'That account is not connected.',
  connectionErrorTitle: 'Connection Error',
  connectionErrorText: 'Please go to your settings to connect your account.',
  emailNetworkError: 'Network error: Could not connect to the server.',
  emailRequestError: 'An unexpected error occurred while setting up the request.',
  emailNotFound: 'That e-mail is not in your inbox',
  attachmentNotFound: 'That attachment is not part of the e-mail',
  emailNoCaseToSave: 'File the e-mail to a case first, or choose a case',
  emailStatusSaved: 'Saved',
  noEmailsFound: 'No e-mails match these filters',
  inboxEmpty: 'Your inbox is empty. New mail appears here after the next sync.',
  syncQueued: 'Sync started',
  syncFailed: 'Could not start the sync. Please try again.',
  emailUpdateFailed: 'Could not update the e-mail. Please try again.',
  emailUnfiled: 'Removed from the case',
  attachmentSaveFailed: 'Could not save the attachment. Please try again.',
  emailLoadFailed: 'Could not load this e-mail.',
  oauthConnecting: 'Connecting Account',
  oauthProcessing: 'Processing OAuth Callback...',
  confirmTitle: 'Confirm',
  confirmMessage: 'Are you sure?',
} as const;

/** Settings → Integrations: the built-in provider sandbox stands in for the real service. */
export const sandboxNote = (provider: string) =>
  `Sandbox account — Sentinel's built-in stand-in for ${providerDisplayName(provider)}; no real mail is read.`;
/** Settings → Integrations: what disconnecting does, asked before it is done. */
export const disconnectConfirmText = (provider: string) =>
  `Sentinel stops reading this ${providerDisplayName(provider)} mailbox and forgets its access. E-mails already filed to a case stay with their case.`;
/** The inbox: how many remote images the sanitiser held back. */
export const remoteImagesBlocked = (count: number) =>
  `${count} remote ${count === 1 ? 'image was' : 'images were'} blocked to protect your privacy.`;

/** §8 "Provider connection" and "OAuth callback", with the provider's name. */
export const providerNotConfigured = (provider: string) =>
  `${providerDisplayName(provider)} is not configured on this server. Ask your administrator to set its client ID and secret.`;
export const connectInitFailed = (provider: string) => `Could not initiate ${provider} connection.`;
/** A file the malware scanner refused (it is kept aside for the administrator, not stored). */
export const malwareFoundMessage = (signature: string) =>
  `The file was not stored: the malware scanner found ${signature} in it. It has been set aside for your administrator.`;
export const disconnectFailed = (provider: string) => `Could not disconnect the ${provider} connection.`;
export const noAuthorizationCode = (provider: string) =>
  `No authorization code received from ${providerDisplayName(provider)}.`;
export const tokenExchangeFailed = (description: string) => `Token exchange failed: ${description}`;
export const needsReconnectText = (provider: string) =>
  `${providerDisplayName(provider)} no longer accepts Sentinel's access. Reconnect to keep your mail in sync; what was synced stays here.`;
export const providerUnavailableText = (provider: string) =>
  `${providerDisplayName(provider)} did not answer. Sentinel will try again at the next sync.`;
export const emailApiError = (status: number) => `API error with status ${status}`;
export const emailFiled = (caseNumber: string) => `Filed to ${caseNumber}`;
export const attachmentSaved = (name: string, caseNumber: string) => `${name} saved to ${caseNumber}`;

/** §8 "Download". */
export const downloadFailedStatus = (status: number) => `Download failed: ${status}`;
export const downloadFailedToast = (fileName: string) =>
  `Failed to download "${fileName}". Please try again.`;

/** Provider names as the banners print them (spec §8 uses {Provider}). */
export const providerDisplayName = (provider: string): string =>
  provider === 'google' ? 'Google' : provider === 'microsoft' ? 'Microsoft' : provider;

export const connectSuccessBanner = (provider: string) =>
  `${providerDisplayName(provider)} account connected successfully!`;
export const disconnectSuccessBanner = (provider: string) =>
  `${providerDisplayName(provider)} account disconnected successfully.`;
export const connectFailureBanner = (provider: string, message?: string | null) =>
  `Failed to connect ${providerDisplayName(provider)}: ${message || MESSAGES.connectFailedDefault}`;
export const disconnectFailureBanner = (provider: string) =>
  `Failed to disconnect ${providerDisplayName(provider)} account.`;
