import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { MESSAGES } from '@sentinel/shared';
import { resendVerification } from '../api/verify-email';

export interface ResendVerificationProps {
  /** The e-mail and password of the sign-up: only its owner can have its link sent again. */
  credentials: { email: string; password: string };
}

/** 'Send the link again' for a sign-up whose e-mail is not verified yet, with the answer below. */
export function ResendVerification({ credentials }: ResendVerificationProps) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      setAnswer((await resendVerification(credentials)).message);
    } catch (error) {
      setAnswer(errorMessage(error, MESSAGES.somethingWentWrong));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <Button type="button" variant="secondary" fullWidth isLoading={busy} onClick={() => void resend()}>
        {busy ? 'Sending...' : 'Send the link again'}
      </Button>
      <p role="status" className="text-center text-sm text-slate-600">
        {answer}
      </p>
    </div>
  );
}
