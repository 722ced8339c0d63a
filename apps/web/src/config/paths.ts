import { homePathAfterLogin, type Shell, type UserType } from '@sentinel/shared';

/** Every route of the app (spec §2 route table). */
export const paths = {
  landing: '/',
  login: '/login',
  authLogin: '/auth/login',
  signup: '/signup',
  terms: '/terms',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  googleCallback: '/oauth2callback',
  microsoftCallback: '/microsoftoauthcallback',
  dashboard: '/dashboard',
  clientDashboard: '/client/dashboard',
  attorneyDashboard: '/attorney/dashboard',
  email: '/email',
  documents: '/documents',
  aiAnalysis: '/documents/aiAnalysis',
  calendar: '/calendar',
  clients: '/clients',
  client: '/clients/:id',
  cases: '/cases',
  case: '/cases/:id',
  analytics: '/analytics',
  workflows: '/workflows',
  experts: '/experts',
  expert: '/experts/:id',
  negotiations: '/negotiations',
  negotiation: '/negotiations/:id',
  messages: '/messages',
  timeline: '/timeline',
  settings: '/settings',
} as const;

/** /clients/{id}: one client's page. */
export const clientPath = (id: string) => `/clients/${encodeURIComponent(id)}`;

/** /experts/{id}: one expert's profile. */
export const expertPath = (id: string) => `/experts/${encodeURIComponent(id)}`;

/** /cases/{id}: one case's page. */
export const casePath = (id: string) => `/cases/${encodeURIComponent(id)}`;

/** /negotiations/{id}: one negotiation's Details (issue 13). */
export const negotiationPath = (id: string) => `/negotiations/${encodeURIComponent(id)}`;

/** /messages?conversation={id}: one conversation on the messages screen (issue 12). */
export const conversationPath = (id: string) =>
  `${paths.messages}?${new URLSearchParams({ conversation: id }).toString()}`;

/** Each shell's dashboard: where its users land, and where a path of the other shell sends them. */
export const shellHome: Record<Shell, string> = {
  attorney: paths.attorneyDashboard,
  staff: paths.dashboard,
};

/**
 * Where someone goes after signing in or changing firm: attorneys to /attorney/dashboard, others
 * to /dashboard. With no firm (no user type) it is /dashboard, where they wait for an invitation.
 */
export const homePathFor = (userType: UserType | null): string =>
  userType ? homePathAfterLogin(userType) : paths.dashboard;
