import { clsx } from 'clsx';

const colours = [
  'bg-brand-100 text-brand-900',
  'bg-emerald-100 text-emerald-900',
  'bg-amber-100 text-amber-900',
  'bg-rose-100 text-rose-900',
  'bg-violet-100 text-violet-900',
];

/** Up to two initials from a name ('Ada Lovelace' → 'AL'); '?' when there is none. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => [...(w ?? '')][0]?.toUpperCase() ?? '').join('') || '?';
}

function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return colours[hash % colours.length] ?? colours[0]!;
}

/** A locally drawn initials avatar (no external avatar service). Decorative: show the name beside it. */
export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
        colourFor(name),
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
