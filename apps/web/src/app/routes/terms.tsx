import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { paths } from '@/config/paths';

const linkClasses = 'font-medium text-brand-700 hover:text-brand-800 hover:underline';

/** /terms: the short terms the sign-up form links to. */
export default function TermsRoute() {
  return (
    <AuthLayout
      title="Terms of Service"
      documentTitle="Terms of Service"
      description="The short version, in plain words."
    >
      <div className="space-y-4 text-sm leading-relaxed text-slate-700">
        <p>
          Sentinel is offered as a free trial. Nothing is billed during the trial and no payment method is
          asked for.
        </p>
        <p>
          Your firm owns the cases, clients and documents it puts into Sentinel; they are kept to run the
          service for you. Only your firm, and the clients and case team members you add to a case, can see
          them.
        </p>
        <p>
          Document analyses are produced automatically and can be wrong. They help your review; they are not
          legal advice.
        </p>
        <p>
          You are responsible for the accounts you create and for keeping passwords private. We may suspend an
          account that is used to harm others or the service.
        </p>
        <p>The service is provided as it is, without guarantees of availability during the trial.</p>
        <p>
          <Link to={paths.signup} className={linkClasses}>
            Back to sign up
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
