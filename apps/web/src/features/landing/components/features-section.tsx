import { FEATURES } from '../content';
import { anchorOffset, container, eyebrow, sectionLead, sectionTitle } from '../styles';

export function FeaturesSection() {
  return (
    <section
      id="features"
      aria-labelledby="features-title"
      className={`${anchorOffset} bg-slate-50 py-20 sm:py-28`}
    >
      <div className={container}>
        <div className="mx-auto max-w-2xl text-center">
          <p className={eyebrow}>Features</p>
          <h2 id="features-title" className={sectionTitle}>
            Everything a claim needs, in one place
          </h2>
          <p className={sectionLead}>
            Replace the spreadsheets, inbox threads and shared drives with one system built for
            property-damage claims and insurance disputes.
          </p>
        </div>
        <ul className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, description }) => (
            <li
              key={title}
              className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm transition-shadow hover:shadow-md"
            >
              <span className="inline-flex h-12 w-12 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
                <Icon className="h-6 w-6" aria-hidden="true" />
              </span>
              <h3 className="mt-6 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
