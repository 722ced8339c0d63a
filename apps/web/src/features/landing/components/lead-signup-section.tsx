import { CircleCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { LEAD_NETWORK_ERROR, loadLeadApi, prefetchLeadApi } from '../api/load-lead-api';
import { container } from '../styles';

export const LEAD_NOTE = 'No credit card required. Cancel anytime.';
/**
 * Same text as LEAD_PRIVACY_NOTE in '@sentinel/shared' (checked by a test; this page does not load
 * the shared package): the server forgets a request's IP address after LEAD_IP_RETENTION_DAYS.
 */
export const LEAD_PRIVACY_NOTE =
  'We keep the IP address your request came from for 30 days to stop abuse, then delete it.';

type FieldError = { source: 'validation' | 'server'; message: string };

/**
 * The e-mail sign-up form: validates locally with the shared schema, then POSTs {email} to
 * /api/leads. The API module (and zod) is loaded when the visitor reaches for the form.
 */
export function LeadSignupForm() {
  const [email, setEmail] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<FieldError | null>(null);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  // Guards the whole submit, including the moment the API module is still loading.
  const inFlight = useRef(false);
  // The form (and its focused button) disappear on success: keep keyboard focus on the message.
  const focusOnMount = useCallback((node: HTMLElement | null) => node?.focus(), []);
  const ids = useId();
  const inputId = `${ids}-email`;
  const errorId = `${ids}-error`;
  const noteId = `${ids}-note`;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      let api;
      try {
        api = await loadLeadApi();
      } catch {
        if (mounted.current) setError({ source: 'server', message: LEAD_NETWORK_ERROR });
        return;
      }
      if (!mounted.current) return;

      const problem = api.validateLeadEmail(email);
      if (problem) {
        setError({ source: 'validation', message: problem });
        inputRef.current?.focus();
        return;
      }

      setError(null);
      setSubmitting(true);
      const result = await api.createLead({ email });
      if (!mounted.current) return;
      setSubmitting(false);
      if (result.ok) {
        setSuccessMessage(result.message);
      } else {
        setError({ source: 'server', message: result.error });
      }
    } finally {
      inFlight.current = false;
    }
  }

  const fieldInvalid = error?.source === 'validation';

  return (
    <div className="mx-auto mt-10 max-w-xl">
      {/* Always mounted so screen readers announce the message when it appears. */}
      <div role="status" aria-live="polite">
        {successMessage ? (
          <p
            ref={focusOnMount}
            tabIndex={-1}
            className="flex items-start gap-3 rounded-xl border border-emerald-300/40 bg-emerald-400/10 px-5 py-4 text-left text-base font-medium text-white focus:outline-none"
          >
            <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-300" aria-hidden="true" />
            {successMessage}
          </p>
        ) : null}
      </div>

      {successMessage ? null : (
        <form
          noValidate
          onSubmit={handleSubmit}
          onFocus={prefetchLeadApi}
          onPointerEnter={prefetchLeadApi}
          aria-label="Free trial sign-up"
          className="text-left"
        >
          <label htmlFor={inputId} className="block text-sm font-medium text-blue-100">
            Work email
          </label>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row">
            <input
              ref={inputRef}
              id={inputId}
              name="email"
              type="email"
              required
              autoComplete="email"
              inputMode="email"
              placeholder="you@yourfirm.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (error) setError(null);
              }}
              aria-invalid={fieldInvalid || undefined}
              aria-describedby={fieldInvalid ? `${errorId} ${noteId}` : noteId}
              className={`min-w-0 flex-1 rounded-lg border bg-white px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
                fieldInvalid ? 'border-red-500 ring-2 ring-red-400' : 'border-transparent'
              }`}
            />
            <button
              type="submit"
              disabled={submitting}
              className="inline-flex items-center justify-center rounded-lg bg-blue-600 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-not-allowed disabled:opacity-75"
            >
              {submitting ? 'Submitting...' : 'Get Started'}
            </button>
          </div>
          {error ? (
            <p
              id={error.source === 'validation' ? errorId : undefined}
              role="alert"
              className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
            >
              {error.message}
            </p>
          ) : null}
          <p id={noteId} className="mt-3 text-sm text-slate-300">
            {LEAD_NOTE}
          </p>
          <p className="mt-1 text-xs text-slate-300">{LEAD_PRIVACY_NOTE}</p>
        </form>
      )}
    </div>
  );
}

export function LeadSignupSection() {
  return (
    <section
      id="get-started"
      aria-labelledby="get-started-title"
      className="scroll-mt-20 bg-blue-950 bg-[radial-gradient(ellipse_at_bottom_left,_#1e40af_0%,_#172554_50%,_#0f172a_100%)] py-20 sm:py-24"
    >
      <div className={`${container} text-center`}>
        <h2 id="get-started-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
          Ready to take on more cases?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-slate-300">
          Leave your e-mail and we will set up your free trial of Sentinel.
        </p>
        <LeadSignupForm />
      </div>
    </section>
  );
}
