// A stand-in analysis worker for analysis-pool.test.ts: it spins, allocates or answers, on request.
import { threadId } from 'node:worker_threads';

export default function task({ fileName }) {
  if (fileName === 'spin') for (;;);
  if (fileName === 'allocate') {
    const hoard = [];
    for (;;) hoard.push(new Array(1_000_000).fill(hoard.length));
  }
  return { threadId };
}
