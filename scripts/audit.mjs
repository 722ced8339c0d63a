// `npm run audit`: the known vulnerabilities of the dependencies the product runs (reference row 49,
// `npm audit --omit=dev --audit-level=high`). Fails on any high or critical advisory, naming the
// packages. When the registry's audit endpoint cannot be reached (some mirrors answer 405), it
// says so and exits 0: nothing was checked, and the line says that, never "no findings".
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', shell: false });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit gave no report (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}

if (!report.metadata) {
  console.log(
    `npm audit: the registry's audit endpoint answered "${report.message}"; dependencies NOT checked.`,
  );
  process.exit(0);
}

const counts = report.metadata.vulnerabilities;
const serious = Object.values(report.vulnerabilities ?? {}).filter(
  (finding) => finding.severity === 'high' || finding.severity === 'critical',
);
console.log(
  `npm audit (runtime dependencies): ${counts.critical} critical, ${counts.high} high, ` +
    `${counts.moderate} moderate, ${counts.low} low.`,
);
for (const finding of serious) {
  const via = finding.via.map((v) => (typeof v === 'string' ? v : `${v.title} (${v.url})`)).join('; ');
  console.log(`  ${finding.severity}: ${finding.name} ${finding.range} — ${via}`);
}
process.exit(serious.length > 0 ? 1 : 0);
