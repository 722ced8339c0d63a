import { LandingPage } from '@/features/landing';

/** / — the public landing page (built in features/landing). */
export default function LandingRoute() {
  return <LandingPage />;
}
