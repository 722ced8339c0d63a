import { Handshake, ShieldCheck, Zap } from 'lucide-react';
import { anchorOffset, container, eyebrow, sectionTitle } from '../styles';

const VALUES = [
  {
    icon: ShieldCheck,
    title: 'Confidential by design',
    text: 'Each party sees only the cases and documents they are invited to, so privileged work stays privileged.',
  },
  {
    icon: Handshake,
    title: 'Built with the industry',
    text: 'Shaped by the attorneys, contractors and adjusters who handle property-damage claims every day.',
  },
  {
    icon: Zap,
    title: 'Fast to adopt',
    text: 'Connect Google Workspace or Microsoft 365, invite your team and open your first case the same day.',
  },
];

export function AboutSection() {
  return (
    <section
      id="about"
      aria-labelledby="about-title"
      className={`${anchorOffset} bg-slate-50 py-20 sm:py-28`}
    >
      <div className={`${container} grid gap-12 lg:grid-cols-2 lg:gap-16`}>
        <div>
          <p className={eyebrow}>About</p>
          <h2 id="about-title" className={sectionTitle}>
            About Sentinel
          </h2>
          <div className="mt-6 space-y-4 text-lg leading-8 text-slate-600">
            <p>
              Property-damage claims involve many people: the owner, the contractor who documents the loss,
              the public adjuster who builds the claim, the experts who explain it and the attorney who takes
              it to resolution. Too often they work from different files and different facts.
            </p>
            <p>
              Sentinel is the claims operating system that puts them on the same page, so claims are
              documented properly, valued realistically and paid sooner.
            </p>
          </div>
        </div>
        <ul className="space-y-6 self-center">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-700">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
