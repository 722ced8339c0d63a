import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The 6-digit code from an authenticator app: numeric keypad on phones, filled from SMS/keychain where offered. */
export function CodeInput({
  value,
  onChange,
  error,
  label = 'Code from your authenticator app',
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  label?: string;
  autoFocus?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <Input
          {...control}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          autoFocus={autoFocus}
          className="max-w-48 font-mono text-lg tracking-widest"
        />
      )}
    </Field>
  );
}
