/**
 * The provider sandbox for bench/api-mail.ts, in its own process so that the server's RSS is
 * measured without the provider's: one Google mailbox of COUNT bulk messages over 30 days.
 * Prints {"url": …} once listening; stops on SIGTERM.
 */
import { bulkMailbox, startProviderSandbox } from '@sentinel/provider-sandbox';

const count = Number(process.env.COUNT ?? 1000);
const email = process.env.MAILBOX ?? 'bulk@bench.example';
const client = { clientId: process.env.CLIENT_ID!, clientSecret: process.env.CLIENT_SECRET! };
const facts = {
  now: new Date(),
  attorney: { name: 'Bench Attorney', googleEmail: email, microsoftEmail: 'bench@bench.onmicrosoft.example' },
  cases: [
    {
      caseNumber: 'CASE-2026-001',
      title: 'Bench Residence – Water Damage',
      claimNumber: 'CLM-2026-10001',
      policyNumber: 'POL-1000001',
      carrier: 'Harborline Mutual',
      clientName: 'Bench Client',
      clientEmail: 'client@bench.test',
      address: '1 Bench Way, Miami, FL',
    },
  ],
  clients: [{ name: 'Bench Client', email: 'client@bench.test' }],
};
const sandbox = await startProviderSandbox({
  clients: { google: [client], microsoft: [client] },
  seed: { google: [{ email, name: 'Bench Attorney', messages: bulkMailbox(count, facts) }] },
  admin: true,
  port: 0,
  host: '127.0.0.1',
});
console.log(JSON.stringify({ url: sandbox.url }));
process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
