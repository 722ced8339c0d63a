import { MESSAGES } from '@sentinel/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './field';
import { PasswordInput, type PasswordInputProps } from './password-input';

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
}

/** A new password with the rule's hint, and its confirmation: sign-up, reset, temporary and change. */
export function NewPasswordFields({ kind, password, confirmation, errors }: NewPasswordFieldsProps) {
  const labels = LABELS[kind];
  return (
    <>
      <PasswordField
        label={labels.password}
        error={errors.password}
        hint={MESSAGES.passwordHint}
        autoComplete="new-password"
        toggleLabel={labels.toggle}
        {...password}
      />
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
