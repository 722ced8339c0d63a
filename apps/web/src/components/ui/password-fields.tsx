import { MESSAGES } from '@sentinel/shared';
import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';
import { PasswordInput, type PasswordInputProps } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

export interface PasswordFieldProps extends PasswordInputProps {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled password input: label, error and hint as `Field` shows them, the rest as `PasswordInput`. */
export function PasswordField({ label, error, hint, ...input }: PasswordFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(control) => <PasswordInput {...control} {...input} />}
    </Field>
  );
}

/** The labels of the two ways a password is chosen (spec §5): at sign-up, and when it is replaced. */
const LABELS = {
  signup: { password: 'Password', confirmation: 'Confirm password', toggle: 'Show password' },
  replace: { password: 'New password', confirmation: 'Confirm new password', toggle: 'Show new password' },
} as const;

export interface NewPasswordFieldsProps {
  /** `signup`: 'Password' / 'Confirm password'; `replace`: 'New password' / 'Confirm new password'. */
  kind: keyof typeof LABELS;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string; confirmation?: string };
  /** The person's own words (name, e-mail, company), which the strength meter counts as weak. */
  userInputs?: readonly string[];
}

/**
 * A new password with the length advice and a strength meter, and its confirmation: sign-up,
 * reset, temporary and change (docs/decisions/0010: length and the common list, no composition).
 */
export function NewPasswordFields({
  kind,
  password,
  confirmation,
  errors,
  userInputs,
}: NewPasswordFieldsProps) {
  const labels = LABELS[kind];
  const [typed, setTyped] = useState('');
  return (
    <>
      <div className="space-y-1.5">
        <PasswordField
          label={labels.password}
          error={errors.password}
          hint={MESSAGES.passwordAdvice}
          autoComplete="new-password"
          toggleLabel={labels.toggle}
          {...password}
          onChange={(event) => {
            setTyped(event.target.value);
            return password.onChange(event);
          }}
        />
        <PasswordStrengthMeter password={typed} userInputs={userInputs} />
      </div>
      <PasswordField
        label={labels.confirmation}
        error={errors.confirmation}
        autoComplete="new-password"
        toggleLabel="Show password confirmation"
        {...confirmation}
      />
    </>
  );
}
