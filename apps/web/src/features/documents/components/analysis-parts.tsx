import {
  KEY_FIELD_LABELS,
  PERSON_ROLES,
  type DocumentAnalysis,
  type DocumentDetail,
  type KeyField,
  type KeyFieldValue,
  type PersonRole,
} from '@sentinel/shared';
import { Check, Copy, X } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Options, Select } from '@/components/ui/select';
import { formatDay, formatDollars, humanize } from '@/lib/format';

/** The pieces of an analysis view: section, remove button, person role select, key facts, raw JSON. */

/** The flag of a type the classifier was not sure of (issue 14), word for word. */
export const NOT_SURE = 'Not sure — please confirm';

const MONEY_FIELDS: readonly KeyField[] = ['coverage_limit', 'deductible', 'total', 'rcv', 'acv'];
const DAY_FIELDS: readonly KeyField[] = ['date_of_loss', 'deadline'];

/** A key field's value as the screen reads it: dollars, a day, or the words as written. */
function keyFactValue({ field, value }: KeyFieldValue) {
  if (typeof value === 'number' && MONEY_FIELDS.includes(field)) return formatDollars(value);
  if (typeof value === 'string' && DAY_FIELDS.includes(field) && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return <time dateTime={value}>{formatDay(value)}</time>;
  return String(value);
}

/**
 * 'Coverage limit · Coverage A – Dwelling'; the document's own label alone when it already says
 * what the field is ('All Other Perils Deductible').
 */
function keyFactTerm({ field, label }: KeyFieldValue) {
  const name = KEY_FIELD_LABELS[field] ?? humanize(field);
  if (!label) return name;
  return label.toLowerCase().includes(name.toLowerCase()) ? label : `${name} · ${label}`;
}

/** The key facts of an insurance document: policy and claim numbers, limits, totals, deadlines. */
export function KeyFacts({ fields }: { fields: KeyFieldValue[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 @lg:grid-cols-2">
      {fields.map((item, index) => (
        <div key={`${item.field}-${index}`} className="min-w-0">
          <dt className="text-slate-600">{keyFactTerm(item)}</dt>
          <dd className="mt-0.5 font-medium break-words text-slate-900">{keyFactValue(item)}</dd>
          {item.text && <dd className="text-xs break-words text-slate-600">“{item.text}”</dd>}
        </div>
      ))}
    </dl>
  );
}

export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

export function typeSourceLabel(
  source: DocumentAnalysis['document_metadata']['type_source'],
  correctedHere: boolean,
) {
  if (source === 'user') return correctedHere ? 'Corrected by you' : 'Set by a person';
  return source === 'llm' ? 'Detected by the AI model' : 'Detected automatically';
}

export function Section({
  title,
  heading: Heading,
  children,
  className,
}: {
  title: string;
  heading: 'h3' | 'h4';
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className}>
      <Heading className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</Heading>
      <div className="mt-2 text-sm text-slate-800">{children}</div>
    </section>
  );
}

/** How many entities a list shows before "Show all": an estimate's line items run to ninety. */
export const SHORT_LIST = 8;

/**
 * A list of the first SHORT_LIST items, with a button that shows the rest ("Show all 90") and
 * folds them again ("Show fewer").
 */
export function ShortList<T>({
  items,
  noun,
  render,
}: {
  items: T[];
  /** Plural, for the button: "amounts". */
  noun: string;
  render: (item: T, index: number) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const shown = open ? items : items.slice(0, SHORT_LIST);
  return (
    <>
      <ul className="space-y-2">{shown.map(render)}</ul>
      {items.length > SHORT_LIST && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-2"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? `Show fewer ${noun}` : `Show all ${items.length} ${noun}`}
        </Button>
      )}
    </>
  );
}

export function RemoveButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      title={label}
      className="flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700 disabled:cursor-not-allowed disabled:opacity-50"
    >
      <X aria-hidden="true" className="size-4" />
      <span className="sr-only">{label}</span>
    </button>
  );
}

/** The raw analysis with a Copy button ('Copied' for two seconds after a copy). */
export function RawJson({ analysis }: { analysis: NonNullable<DocumentDetail['analysis']> }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = JSON.stringify(analysis, null, 2);
  useEffect(() => {
    if (copied === 'idle') return;
    const timer = setTimeout(() => setCopied('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch (error) {
      console.error('Copying the analysis failed', error);
      setCopied('failed');
    }
  };
  return (
    <div>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          size="sm"
          icon={
            copied === 'copied' ? (
              <Check aria-hidden="true" className="size-4 text-emerald-700" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )
          }
          onClick={() => void copy()}
        >
          {copied === 'copied' ? 'Copied' : 'Copy JSON'}
        </Button>
        <span role="status" className="text-xs text-slate-600">
          {copied === 'copied' ? 'Copied to the clipboard' : copied === 'failed' ? 'Copy failed' : ''}
        </span>
      </div>
      <details className="mt-2 rounded-lg border border-slate-200">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-800">Raw JSON</summary>
        <pre
          tabIndex={0}
          aria-label="Raw JSON of the analysis"
          className="max-h-80 overflow-auto border-t border-slate-200 bg-slate-50 p-3 font-mono text-xs text-slate-800"
        >
          {text}
        </pre>
      </details>
    </div>
  );
}

export function PersonRoleSelect({
  name,
  role,
  disabled,
  onChange,
}: {
  name: string;
  role: PersonRole | null;
  disabled: boolean;
  onChange: (role: PersonRole | null) => void;
}) {
  const id = useId();
  return (
    <div className="mt-1">
      <label htmlFor={id} className="sr-only">
        Role of {name}
      </label>
      <Select
        id={id}
        value={role ?? ''}
        disabled={disabled}
        className="h-8 py-1 text-xs"
        onChange={(event) => onChange((event.target.value || null) as PersonRole | null)}
      >
        <option value="">Role unknown</option>
        <Options values={PERSON_ROLES} label={humanize} />
      </Select>
    </div>
  );
}
