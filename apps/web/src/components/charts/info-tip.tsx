import { Info } from 'lucide-react';
import { useEffect, useId, useState } from 'react';

/**
 * An info button whose text shows on hover and on keyboard focus (and on a tap), is announced as
 * the button's description, stays while the pointer is over it, and closes on Escape (WCAG 1.4.13).
 * The bubble is placed against the nearest positioned ancestor (the stat card), so it never runs
 * off a narrow screen.
 */
export function InfoTip({ label, text }: { label: string; text: string }) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pinned, setPinned] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = (hovered || focused || pinned) && !dismissed;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setDismissed(true);
        setPinned(false);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <span
      onMouseEnter={() => {
        setDismissed(false);
        setHovered(true);
      }}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        onFocus={() => {
          setDismissed(false);
          setFocused(true);
        }}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onClick={() => {
          setDismissed(false);
          setPinned((value) => !value);
        }}
        className="flex size-6 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 print:hidden"
      >
        <Info aria-hidden="true" className="size-4" />
      </button>
      <span
        id={id}
        role="tooltip"
        hidden={!open}
        className="absolute inset-x-3 top-13 z-20 rounded-lg bg-slate-900 px-3 py-2 text-sm leading-snug font-normal text-white shadow-lg"
      >
        {text}
      </span>
    </span>
  );
}
