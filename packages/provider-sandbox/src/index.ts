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
