import { Quote } from 'lucide-react';
import { TESTIMONIALS } from '../content';
import { container, eyebrow, sectionLead, sectionTitle } from '../styles';

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-title" className="bg-slate-50 py-20 sm:py-28">
      <div className={container}>
        <div className="mx-auto max-w-2xl text-center">
          <p className={eyebrow}>Testimonials</p>
          <h2 id="testimonials-title" className={sectionTitle}>
            Trusted across the claims process
          </h2>
          <p className={sectionLead}>What attorneys, contractors and property owners say about Sentinel.</p>
        </div>
        <ul className="mt-16 grid gap-6 lg:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
                <Quote className="h-8 w-8 text-blue-200" aria-hidden="true" />
                <blockquote className="mt-4 flex-1 text-base leading-7 text-slate-800">
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption className="mt-8 flex items-center gap-4 border-t border-slate-100 pt-6">
                  <span
                    aria-hidden="true"
                    className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-blue-900 text-sm font-semibold text-white"
                  >
                    {item.initials}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{item.name}</span>
                    <span className="block text-sm text-slate-600">{item.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
