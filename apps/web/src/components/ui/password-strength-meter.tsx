import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { loadStrengthEstimator, STRENGTH_LABELS, type StrengthScore } from '@/lib/password-strength';

const BAR_COLOURS: Record<StrengthScore, string> = {
  0: 'bg-red-500',
  1: 'bg-red-500',
  2: 'bg-amber-500',
  3: 'bg-emerald-500',
  4: 'bg-emerald-600',
};

export interface PasswordStrengthMeterProps {
  password: string;
  /** Words of the person (name, e-mail, company): a password made of them is weak. */
  userInputs?: readonly string[];
}

/**
 * How hard the password being chosen is to guess: four bars and a
 * word. Advice only: the server's rule is length and the common-password list. Nothing shows
 * until something is typed.
 */
export function PasswordStrengthMeter({ password, userInputs = [] }: PasswordStrengthMeterProps) {
  const [score, setScore] = useState<StrengthScore | null>(null);
  const inputsKey = userInputs.join('\u0000');

  useEffect(() => {
    if (!password) return;
    let current = true;
    loadStrengthEstimator()
      .then((estimate) => {
        if (current) setScore(estimate(password, inputsKey ? inputsKey.split('\u0000') : []));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [password, inputsKey]);

  if (!password || score === null) return null;
  const label = STRENGTH_LABELS[score];
  return (
    <div className="space-y-1">
      <div
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={score}
        aria-valuetext={label}
        className="flex gap-1"
      >
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={clsx(
              'h-1.5 flex-1 rounded-full',
              bar <= Math.max(score, 1) ? BAR_COLOURS[score] : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p className="text-xs text-slate-600" aria-live="polite">
        Password strength: {label}
      </p>
    </div>
  );
}
