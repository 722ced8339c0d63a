export type {
  DemoFacts,
  Faults,
  ProviderSandbox,
  SandboxAccount,
  SandboxClient,
  SandboxOptions,
  SandboxProvider,
  SandboxRequest,
  SandboxSeed,
  SeedAttachment,
  SeedAttendee,
  SeedEvent,
  SeedMessage,
} from './types';
export { createProviderSandbox, sandboxEndpoints, startProviderSandbox } from './sandbox';
export { bulkMailbox, claimsPracticeSeed, HOSTILE_HTML, practiceCalendar, seedAccountEmails } from './seed';
export { minimalPdf, smallPng } from './files';
export { completeConsent, parseForms, type ConsentResult } from './consent';
