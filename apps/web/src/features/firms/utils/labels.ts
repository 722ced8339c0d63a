import { USER_TYPE_LABELS, type UserType } from '@sentinel/shared';

/** 'an Attorney', 'a Public Adjuster': the type as the invitation sentence reads it. */
export function withArticle(userType: UserType): string {
  const label = USER_TYPE_LABELS[userType];
  return `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;
}

/** '{Firm} has added you as {type}' (an invitation). */
export const invitationText = (firmName: string, userType: UserType): string =>
  `${firmName} has added you as ${withArticle(userType)}`;
