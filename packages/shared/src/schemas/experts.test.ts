import { describe, expect, it } from 'vitest';
import { availabilityTone, createExpertRequest, updateExpertRequest } from './experts';

describe('availabilityTone (spec §4: Available green, text containing Busy yellow, otherwise red)', () => {
  it.each([
    ['Available', 'green'],
    ['Busy', 'yellow'],
    ['Busy until 12 May', 'yellow'],
    ['Currently Busy', 'yellow'],
    ['Unavailable', 'red'],
    ['On leave', 'red'],
    // Only the exact text is green, and only 'Busy' as written is yellow.
    ['Available from June', 'red'],
    ['available', 'red'],
    ['busy until Friday', 'red'],
  ] as const)('%s is %s', (availability, tone) => {
    expect(availabilityTone(availability)).toBe(tone);
  });
});

describe('createExpertRequest', () => {
  it('fills the defaults and turns empty contact fields into null', () => {
    const parsed = createExpertRequest.parse({
      name: ' Dr. Ada Park ',
      specialty: 'Structural Engineering',
      email: '',
      phone: '',
    });
    expect(parsed).toMatchObject({
      name: 'Dr. Ada Park',
      availability: 'Available',
      hourlyRate: null,
      email: null,
      phone: null,
      cvDocumentId: null,
    });
  });

  it('refuses a rate with fractions of a cent, a negative rate, and a missing name', () => {
    expect(createExpertRequest.safeParse({ name: 'A', specialty: 'B', hourlyRate: 10.005 }).success).toBe(
      false,
    );
    expect(createExpertRequest.safeParse({ name: 'A', specialty: 'B', hourlyRate: -1 }).success).toBe(false);
    expect(createExpertRequest.safeParse({ name: ' ', specialty: 'B' }).success).toBe(false);
    expect(createExpertRequest.safeParse({ name: 'A', specialty: 'B', hourlyRate: 425.5 }).success).toBe(
      true,
    );
  });

  it('an update needs at least one field', () => {
    expect(updateExpertRequest.safeParse({}).success).toBe(false);
    expect(updateExpertRequest.safeParse({ availability: 'Busy until May' }).success).toBe(true);
  });
});
