import type { UserType } from './user-types';

/**
 * What each kind of user may read of a case and of a document, beyond what seeing it at all gives
 * (who sees a case or a document at all is the server's visibility rules). One declared list: the
 * server leaves a field out of its answer for anyone not named here, and the screens show the
 * field only when it is there. The firm's strategy (the target settlement, the analysis's
 * recommendations and the raw analysis), the claim's identifiers (also as a document's key fields) and the case's audit trail are
 * the attorneys'.
 */
export const FIELD_ACCESS = {
  case: {
    policyNumber: ['attorney'],
    claimNumber: ['attorney'],
    targetSettlement: ['attorney'],
    activity: ['attorney'],
  },
  document: {
    'analysis.recommendations': ['attorney'],
    /** The key fields read for the insurance subtype: policy and claim numbers among them. */
    'analysis.key_fields': ['attorney'],
    /** The screens' "Raw data" section (the analysis as JSON, with a copy button). */
    'analysis.raw': ['attorney'],
  },
} as const satisfies Record<string, Record<string, readonly UserType[]>>;

export type RestrictedCaseField = keyof typeof FIELD_ACCESS.case;
export type RestrictedDocumentField = keyof typeof FIELD_ACCESS.document;

export function mayRead<E extends keyof typeof FIELD_ACCESS>(
  userType: UserType,
  entity: E,
  field: keyof (typeof FIELD_ACCESS)[E],
): boolean {
  return (FIELD_ACCESS[entity][field] as readonly UserType[]).includes(userType);
}
