import { useEffect } from 'react';
import { AboutSection } from './components/about-section';
import { ContactSection } from './components/contact-section';
import { FeaturesSection } from './components/features-section';
import { Hero } from './components/hero';
import { LeadSignupSection } from './components/lead-signup-section';
import { PricingSection } from './components/pricing-section';
import { RolesSection } from './components/roles-section';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { StatsSection } from './components/stats-section';
import { TestimonialsSection } from './components/testimonials-section';

const PAGE_TITLE = 'Sentinel | The claims operating system';

/** Public marketing page rendered at `/`. */
export function LandingPage() {
  useEffect(() => {
    const previous = document.title;
    document.title = PAGE_TITLE;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <div className="min-h-screen bg-white font-sans text-slate-900 antialiased">
      <a
        href="#main-content"
        className="sr-only rounded-md bg-white text-sm font-semibold text-blue-800 shadow-lg focus:not-sr-only focus:px-4 focus:py-2 focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:outline-2 focus:outline-offset-2 focus:outline-blue-600"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className="pt-16 focus:outline-none">
        <Hero />
        <StatsSection />
        <FeaturesSection />
        <RolesSection />
        <TestimonialsSection />
        <PricingSection />
        <AboutSection />
        <LeadSignupSection />
        <ContactSection />
      </main>
      <SiteFooter />
    </div>
  );
}
