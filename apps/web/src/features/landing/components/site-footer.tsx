import { Link } from 'react-router';
import { COPYRIGHT, NAV_LINKS } from '../content';
import { container, focusRingOnDark } from '../styles';
import { Logo } from './logo';

const footerLink = `rounded text-sm text-slate-300 transition-colors hover:text-white ${focusRingOnDark}`;

export function SiteFooter() {
  return (
    <footer className="bg-slate-950 py-12 text-slate-300">
      <div className={container}>
        <div className="flex flex-col gap-8 md:flex-row md:items-start md:justify-between">
          <div className="max-w-sm">
            <Logo tone="light" />
            <p className="mt-4 text-sm leading-6 text-slate-300">
              The claims operating system for property-damage claims and insurance disputes.
            </p>
          </div>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-3">
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className={footerLink}>
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <Link to="/login" className={footerLink}>
                  Login
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <p className="mt-10 border-t border-white/10 pt-8 text-sm text-slate-400">{COPYRIGHT}</p>
      </div>
    </footer>
  );
}
