import * as Tabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';

/**
 * The row of section tabs under a page header (settings, the case page): underlined, wrapping
 * onto a second line on a narrow screen so every tab stays in sight (a sideways scroll hid the
 * last ones at 375 px). Arrow keys move between tabs (Radix). Use inside a Radix `Tabs.Root`.
 */
export function SectionTabsList({
  label,
  tabs,
}: {
  label: string;
  tabs: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <Tabs.List aria-label={label} className="flex flex-wrap border-b border-slate-200">
      {tabs.map(({ value, label: text }) => (
        <Tabs.Trigger
          key={value}
          value={value}
          className={clsx(
            '-mb-px border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors sm:px-4',
            'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            'data-[state=active]:border-brand-700 data-[state=active]:text-brand-800',
          )}
        >
          {text}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
