import { Menu, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { NAV_LINKS } from '../content';
import { container, focusRing, primaryButton, primaryButtonLook } from '../styles';
import { Logo } from './logo';

const navLink = `rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:text-blue-800 ${focusRing}`;

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const closeMenu = useCallback((returnFocus: boolean) => {
    setMenuOpen(false);
    if (returnFocus) menuButtonRef.current?.focus();
  }, []);

  // Escape closes the mobile menu and hands focus back to its button.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeMenu(true);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen, closeMenu]);

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className={`${container} flex h-16 items-center justify-between gap-4`}>
        <Link to="/" className={`rounded-md ${focusRing}`} aria-label="Sentinel home">
          <Logo />
        </Link>

        <nav aria-label="Primary" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href} className={navLink}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <Link to="/login" className={`hidden md:inline-flex ${navLink}`}>
            Login
          </Link>
          <Link
            to="/signup"
            className={`hidden whitespace-nowrap min-[360px]:inline-flex max-sm:px-3.5 ${primaryButtonLook}`}
          >
            Start Free Trial
          </Link>
          <button
            ref={menuButtonRef}
            type="button"
            className={`inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden ${focusRing}`}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X className="h-6 w-6" aria-hidden="true" />
            ) : (
              <Menu className="h-6 w-6" aria-hidden="true" />
            )}
          </button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-slate-200 bg-white md:hidden">
        <nav aria-label="Mobile" className={`${container} py-4`}>
          <ul className="flex flex-col gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className={`block rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-slate-50 ${focusRing}`}
                  onClick={() => closeMenu(false)}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-2 border-t border-slate-200 pt-4">
            <Link
              to="/login"
              className={`block rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-slate-50 ${focusRing}`}
              onClick={() => closeMenu(false)}
            >
              Login
            </Link>
            <Link
              to="/signup"
              className={`${primaryButton} w-full min-[360px]:hidden`}
              onClick={() => closeMenu(false)}
            >
              Start Free Trial
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}
