/**
 * Load generator for api-cases.ts, run as a child process (optionally pinned with taskset):
 * autocannon with the request paths taken in turn, and every response time recorded so the
 * exact p95 can be reported (autocannon's own summary stops at p90 and p97.5).
 *
 *   node bench/load-worker.mjs '{"url":"http://…","paths":["/api/…"],"headers":{},"connections":50,"duration":10}'
 */
import autocannon from 'autocannon';

const { url, paths, headers, connections, duration } = JSON.parse(process.argv[2]);
let next = 0;
const times = [];
const statuses = {};
const instance = autocannon({
  url,
  connections,
  duration,
  headers,
  requests: [
    {
      method: 'GET',
      setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
    },
  ],
});
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  times.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
instance.on('done', (result) => {
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
  const round = (n) => Math.round(n * 100) / 100;
  process.stdout.write(
    `${JSON.stringify({
      requests: times.length,
      reqPerSec: round(times.length / duration),
      p50: round(at(50)),
      p95: round(at(95)),
      p99: round(at(99)),
      max: round(times.at(-1) ?? 0),
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      statuses,
    })}\n`,
  );
});
