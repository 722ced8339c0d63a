import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { DocumentTitle } from '../ui/document-title';
import { Logo } from '../ui/logo';

const highlights = [
  'Cases, documents, deadlines and messages in one place',
  'Built for attorneys, contractors, adjusters, experts and property owners',
  'Your firm’s data stays private to your firm',
];

export interface AuthLayoutProps {
  title: string;
  description?: ReactNode;
  documentTitle?: string;
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-in, sign-up and password screens. */
export function AuthLayout({ title, description, documentTitle, footer, children }: AuthLayoutProps) {
  return (
    <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <DocumentTitle title={documentTitle ?? title} />
      <aside
        aria-label="About Sentinel"
        data-surface="dark"
        className="hidden flex-col justify-between bg-brand-950 p-12 text-white lg:flex"
      >
        <Link to={paths.landing} className="self-start rounded-lg" aria-label="Sentinel home">
          <Logo inverted />
        </Link>
        <div>
          <p className="max-w-md text-3xl leading-tight font-semibold">
            The claims operating system for property-damage cases.
          </p>
          <ul className="mt-8 space-y-4">
            {highlights.map((text) => (
              <li key={text} className="flex items-start gap-3 text-brand-100">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-300" />
                <span>{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="text-sm text-brand-200">© 2025 Sentinel</p>
      </aside>
      <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-10 sm:px-6">
        <div className="w-full max-w-md">
          <Link
            to={paths.landing}
            className="mb-8 inline-flex rounded-lg lg:hidden"
            aria-label="Sentinel home"
          >
            <Logo />
          </Link>
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {description && <p className="mt-1.5 text-sm text-slate-600">{description}</p>}
            <div className="mt-6">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
        </div>
      </main>
    </div>
  );
}
