import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { CONTACT_EMAIL } from '../content';
import { anchorOffset, container, eyebrow, focusRing, sectionLead, sectionTitle } from '../styles';

export function ContactSection() {
  return (
    <section
      id="contact"
      aria-labelledby="contact-title"
      className={`${anchorOffset} bg-white py-20 sm:py-28`}
    >
      <div className={`${container} max-w-3xl text-center`}>
        <p className={eyebrow}>Contact</p>
        <h2 id="contact-title" className={sectionTitle}>
          Talk to our team
        </h2>
        <p className={sectionLead}>
          Questions about pricing, onboarding or moving your existing cases into Sentinel? Write to us and a
          member of our team will reply within one business day.
        </p>
        <a
          href={`mailto:${CONTACT_EMAIL}`}
          className={`mt-8 inline-flex items-center gap-3 rounded-xl border border-slate-200 bg-slate-50 px-6 py-4 text-lg font-semibold text-blue-800 transition-colors hover:border-blue-300 hover:bg-blue-50 ${focusRing}`}
        >
          <Mail className="h-5 w-5" aria-hidden="true" />
          {CONTACT_EMAIL}
        </a>
        <p className="mt-6 text-sm text-slate-600">
          Already a customer?{' '}
          <Link
            to="/login"
            className={`rounded font-semibold text-blue-800 underline underline-offset-4 hover:text-blue-900 ${focusRing}`}
          >
            Log in to Sentinel
          </Link>
        </p>
      </div>
    </section>
  );
}
