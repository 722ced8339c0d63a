import { Check } from 'lucide-react';
import { ROLES } from '../content';
import { anchorOffset, container, eyebrow, sectionLead, sectionTitle } from '../styles';

export function RolesSection() {
  return (
    <section
      id="solutions"
      aria-labelledby="roles-title"
      className={`${anchorOffset} bg-white py-20 sm:py-28`}
    >
      <div className={container}>
        <div className="mx-auto max-w-2xl text-center">
          <p className={eyebrow}>Who it is for</p>
          <h2 id="roles-title" className={sectionTitle}>
            Built for everyone on the claim
          </h2>
          <p className={sectionLead}>
            One case, one file, one timeline: each party sees what they need and nothing they should not.
          </p>
        </div>
        <div className="mt-16 grid gap-8 lg:grid-cols-2">
          {ROLES.map(({ id, icon: Icon, title, summary, points }) => (
            <article
              key={id}
              aria-labelledby={`role-${id}`}
              className="flex flex-col gap-6 rounded-2xl border border-slate-200 p-8 sm:flex-row"
            >
              <span className="inline-flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-blue-700 text-white">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <div>
                <h3 id={`role-${id}`} className="text-xl font-semibold text-slate-900">
                  {title}
                </h3>
                <p className="mt-2 leading-7 text-slate-600">{summary}</p>
                <ul className="mt-4 space-y-2">
                  {points.map((point) => (
                    <li key={point} className="flex gap-3 text-sm leading-6 text-slate-700">
                      <Check className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
