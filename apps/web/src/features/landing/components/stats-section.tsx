import { STATS } from '../content';
import { container } from '../styles';

export function StatsSection() {
  return (
    <section aria-labelledby="stats-title" className="border-b border-slate-200 bg-white py-16 sm:py-20">
      <div className={container}>
        <h2
          id="stats-title"
          className="text-center text-sm font-semibold uppercase tracking-wider text-blue-700"
        >
          Sentinel by the numbers
        </h2>
        <dl className="mt-10 grid gap-6 sm:grid-cols-3">
          {STATS.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-2xl border border-slate-200 bg-slate-50 px-6 py-8 text-center"
            >
              <dt className="mt-2">
                <span className="block text-lg font-semibold text-slate-900">{stat.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{stat.detail}</span>
              </dt>
              <dd className="text-5xl font-bold tracking-tight text-blue-800">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
