import type { MfaEnrolment } from '@sentinel/shared';

/**
 * What to do in the authenticator app: scan the QR code, or type the key on a device that cannot
 * scan this screen (the phone the page is open on). The key is grouped by four for reading.
 */
export function AuthenticatorSetup({ enrolment }: { enrolment: MfaEnrolment }) {
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <div className="space-y-3 text-sm text-slate-700">
      <p>
        Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password
        or any other), then enter the 6-digit code it shows.
      </p>
      <img
        src={enrolment.qrCode}
        width={200}
        height={200}
        alt="QR code for your authenticator app"
        className="mx-auto rounded-lg border border-slate-200"
      />
      <div>
        <p>Can’t scan it? Enter this key in the app instead:</p>
        <p className="mt-1 rounded-lg bg-slate-100 px-3 py-2 text-center font-mono text-sm tracking-wide break-all text-slate-900">
          {grouped}
        </p>
      </div>
    </div>
  );
}
