/** The five user types chosen at signup (spec §1, §6). */
export const USER_TYPES = [
  'attorney',
  'restoration-contractor',
  'public-adjuster',
  'expert-witness',
  'client',
] as const;
export type UserType = (typeof USER_TYPES)[number];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  attorney: 'Attorney',
  'restoration-contractor': 'Restoration Contractor',
  'public-adjuster': 'Public Adjuster',
  'expert-witness': 'Expert Witness',
  client: 'Property Owner',
};

/** The application has two shells: attorney, and everyone else. */
export type Shell = 'attorney' | 'staff';
export const shellFor = (userType: UserType): Shell => (userType === 'attorney' ? 'attorney' : 'staff');

/** Where a user lands after login (spec §4 "Login outcomes"). */
export const homePathAfterLogin = (userType: UserType): string =>
  userType === 'attorney' ? '/attorney/dashboard' : '/dashboard';

/** Where a user lands after signup (spec §4 "Signup success"). */
export const homePathAfterSignup = (userType: UserType): string => {
  if (userType === 'attorney') return '/attorney/dashboard';
  if (userType === 'client') return '/client/dashboard';
  return '/dashboard';
};
