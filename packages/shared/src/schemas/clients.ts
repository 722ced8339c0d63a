import { z } from 'zod';
import { CLIENT_PAGE_SIZES } from '../constants';
import { MESSAGES } from '../messages';
import { emailField } from './auth';

/** A client's standing in the firm's directory (spec §4 "Display states": Active, Pending, Resolved). */
export const CLIENT_STATUSES = ['active', 'pending', 'resolved'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  active: 'Active',
  pending: 'Pending',
  resolved: 'Resolved',
};

const requiredText = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, message).max(max);

// POST /api/client/new (spec §7). The creator comes from the session: loggedUserId and
// loggedUserName are accepted for compatibility with the spec's client and ignored.
export const createClientRequest = z.object({
  firstName: requiredText(MESSAGES.firstNameRequired),
  lastName: requiredText(MESSAGES.lastNameRequired),
  email: emailField,
  phone: requiredText(MESSAGES.phoneRequired, 40).regex(/^[+()\d\s.-]{7,40}$/, MESSAGES.phoneInvalid),
  companyName: z.string().trim().max(200).optional().nullable(),
  user_type: z.literal('client').optional(),
  loggedUserId: z.string().optional(),
  loggedUserName: z.string().optional(),
});
export type CreateClientRequest = z.input<typeof createClientRequest>;

export const clientSummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  companyName: z.string().nullable(),
  status: z.enum(CLIENT_STATUSES),
  /** The account is deactivated: the client can no longer sign in. */
  deactivated: z.boolean(),
  /** Invited and not yet signed in with a password of their own. */
  invitationPending: z.boolean(),
  leadAttorney: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** Spec §3: always 'client'. */
  user_type: z.literal('client'),
  /** Spec §3: the lead attorney's name (as `leadAttorney.name`), or null. */
  assignedToName: z.string().nullable(),
});
export type ClientSummary = z.infer<typeof clientSummary>;

export const createClientResponse = z.object({ message: z.string(), data: clientSummary });
export type CreateClientResponse = z.infer<typeof createClientResponse>;

// GET /api/client/{userId}/clients (spec §7) with our search and paging.
export const listClientsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /**
   * Absent, the answer holds every client (the spec's call takes no query); the screen pages
   * with DEFAULT_CLIENT_PAGE_SIZE and the sizes it offers.
   */
  pageSize: z
    .union([z.literal('all'), z.coerce.number().int()])
    .default('all')
    .refine((size) => (CLIENT_PAGE_SIZES as readonly (number | string)[]).includes(size), {
      message: `pageSize is one of ${CLIENT_PAGE_SIZES.join(', ')}`,
    })
    .describe(
      `One of ${CLIENT_PAGE_SIZES.join(', ')}. Absent: every client of the firm, with \`total\` (the spec's call takes no query).`,
    ),
});
export type ListClientsQuery = z.input<typeof listClientsQuery>;

export const listClientsResponse = z.object({
  clients: z.array(clientSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.union([z.literal('all'), z.number().int()]),
});
export type ListClientsResponse = z.infer<typeof listClientsResponse>;

// GET /api/clients/{id}: the client page.
export const clientDetailResponse = z.object({
  data: clientSummary.extend({
    activity: z.array(z.object({ action: z.string(), at: z.string(), by: z.string().nullable() })),
  }),
});
export type ClientDetailResponse = z.infer<typeof clientDetailResponse>;

export const clientActionResponse = z.object({ message: z.string(), data: clientSummary });
export type ClientActionResponse = z.infer<typeof clientActionResponse>;
