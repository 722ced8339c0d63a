import { LEAD_PRIVACY_NOTE as SHARED_LEAD_PRIVACY_NOTE, MESSAGES } from '@sentinel/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { LEAD_PRIVACY_NOTE } from './components/lead-signup-section';
import { LandingPage } from './index';

function renderLanding() {
  const user = userEvent.setup();
  const result = render(
    <MemoryRouter initialEntries={['/']}>
      <LandingPage />
    </MemoryRouter>,
  );
  return { user, container: result.container };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Role queries walk the whole tree, and this page is long: queries are scoped to a section
 * where possible so the suite stays fast in jsdom. The timeout allows for a busy machine.
 */
function section(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`No element with id ${id}`);
  return element;
}

function header(): HTMLElement {
  return document.querySelector('header')!;
}

function signupForm() {
  return within(section('get-started')).getByRole('form', { name: 'Free trial sign-up' });
}

describe('LandingPage', { timeout: 60_000 }, () => {
  describe('content', () => {
    it('has the landmarks, a skip link and exactly one h1', () => {
      const { container } = renderLanding();
      const page = container.firstElementChild as HTMLElement;
      // The landmarks are direct children of the page wrapper (so header/footer are banner/contentinfo).
      const landmarks = Array.from(page.children).filter((el) => el.tagName !== 'A');
      expect(landmarks.map((el) => el.tagName)).toEqual(['HEADER', 'MAIN', 'FOOTER']);
      expect(screen.getByRole('banner')).toBe(header());
      expect(within(header()).getByRole('navigation', { name: 'Primary' })).toBeInTheDocument();
      expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
      expect(screen.getByRole('contentinfo')).toBe(document.querySelector('footer'));
      const skip = screen.getByText('Skip to main content');
      expect(skip.tagName).toBe('A');
      expect(skip).toHaveAttribute('href', '#main-content');
      expect(page.firstElementChild).toBe(skip);
      expect(document.querySelectorAll('h1')).toHaveLength(1);
    });

    it('keeps heading levels in order (no skipped level)', () => {
      renderLanding();
      const levels = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6')).map((h) =>
        Number(h.tagName.slice(1)),
      );
      expect(levels[0]).toBe(1);
      levels.forEach((level, i) => {
        if (i > 0) expect(level - levels[i - 1]!).toBeLessThanOrEqual(1);
      });
    });

    it('has a header with the four anchors, Login and Start Free Trial', () => {
      renderLanding();
      const nav = within(header()).getByRole('navigation', { name: 'Primary' });
      const expected = [
        ['Features', '#features'],
        ['Pricing', '#pricing'],
        ['About', '#about'],
        ['Contact', '#contact'],
      ] as const;
      for (const [name, href] of expected) {
        expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
        // Each anchor has a target section on the page.
        expect(document.querySelector(href)).toBeInstanceOf(HTMLElement);
      }
      expect(within(header()).getAllByRole('link', { name: 'Login' })[0]).toHaveAttribute('href', '/login');
      expect(within(header()).getAllByRole('link', { name: 'Start Free Trial' })[0]).toHaveAttribute(
        'href',
        '/signup',
      );
    });

    it('shows the hero and the three marketing figures', () => {
      renderLanding();
      const hero = document.querySelector('h1')!.closest('section')!;
      expect(hero.querySelector('h1')).toHaveTextContent(/property-damage claim/);
      expect(within(hero).getByText('The claims operating system')).toBeInTheDocument();
      expect(screen.getByText('3-5x')).toBeInTheDocument();
      expect(screen.getByText('case capacity')).toBeInTheDocument();
      expect(screen.getByText('70%')).toBeInTheDocument();
      expect(screen.getByText('less admin')).toBeInTheDocument();
      expect(screen.getByText('30%')).toBeInTheDocument();
      expect(screen.getByText('faster payments')).toBeInTheDocument();
    });

    it('shows the six feature cards', () => {
      renderLanding();
      const titles = within(section('features'))
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent);
      expect(titles).toEqual([
        'AI case valuation',
        'Collaboration',
        'Document management',
        'Expert witness network',
        'Automated workflows',
        'Reporting',
      ]);
    });

    it('shows the four role sections', () => {
      renderLanding();
      for (const role of ['Attorneys', 'Restoration Contractors', 'Public Adjusters', 'Property Owners']) {
        expect(within(section('solutions')).getByRole('article', { name: role })).toBeInTheDocument();
      }
    });

    it('shows three testimonials as quotes', () => {
      renderLanding();
      const testimonials = screen.getByText('Trusted across the claims process').closest('section')!;
      expect(testimonials).toHaveAccessibleName('Trusted across the claims process');
      expect(testimonials.querySelectorAll('figure blockquote')).toHaveLength(3);
      expect(testimonials.querySelectorAll('figure figcaption')).toHaveLength(3);
    });

    it('has pricing with the Pro Plan at $500/month, about and contact sections', () => {
      renderLanding();
      const pricing = section('pricing');
      expect(within(pricing).getByRole('heading', { name: 'Pro Plan' })).toBeInTheDocument();
      expect(within(pricing).getByText('$500')).toBeInTheDocument();
      expect(within(pricing).getByText('/month')).toBeInTheDocument();
      expect(
        within(section('about')).getByRole('heading', { level: 2, name: 'About Sentinel' }),
      ).toBeInTheDocument();
      const contact = section('contact');
      expect(within(contact).getByRole('link', { name: 'hello@sentinel.example' })).toHaveAttribute(
        'href',
        'mailto:hello@sentinel.example',
      );
      // Contact is marketing only: no form that would do nothing.
      expect(contact.querySelector('form')).toBeNull();
    });

    it('has the sign-up form with its exact texts and the 2025 copyright', () => {
      renderLanding();
      const form = signupForm();
      const input = within(form).getByLabelText('Work email');
      expect(input).toHaveAttribute('type', 'email');
      expect(input).toBeRequired();
      expect(within(form).getAllByRole('textbox')).toHaveLength(1);
      expect(within(form).getByRole('button', { name: 'Get Started' })).toBeEnabled();
      expect(screen.getByText('No credit card required. Cancel anytime.')).toBeInTheDocument();
      expect(input).toHaveAccessibleDescription('No credit card required. Cancel anytime.');
      // How long the request's IP address is kept: the server's retention, said where it is given.
      expect(within(form).getByText(LEAD_PRIVACY_NOTE)).toBeInTheDocument();
      expect(LEAD_PRIVACY_NOTE).toBe(SHARED_LEAD_PRIVACY_NOTE);
      expect(
        within(document.querySelector('footer')!).getByText('© 2025 Sentinel. All rights reserved.'),
      ).toBeInTheDocument();
    });
  });

  describe('mobile menu', () => {
    it('toggles with aria-expanded and closes on Escape, returning focus to the button', async () => {
      const { user } = renderLanding();
      const button = within(header()).getByRole('button', { name: 'Open menu' });
      expect(button).toHaveAttribute('aria-expanded', 'false');
      const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
      expect(panel).not.toBeVisible();

      await user.click(button);
      expect(button).toHaveAttribute('aria-expanded', 'true');
      expect(button).toHaveAccessibleName('Close menu');
      expect(panel).toBeVisible();
      const mobileNav = within(header()).getByRole('navigation', { name: 'Mobile' });
      expect(within(mobileNav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '#pricing');
      expect(within(mobileNav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
      expect(within(mobileNav).getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute(
        'href',
        '/signup',
      );

      await user.keyboard('{Escape}');
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(panel).not.toBeVisible();
      expect(button).toHaveFocus();
    });

    it('closes when a menu link is followed', async () => {
      const { user } = renderLanding();
      const button = within(header()).getByRole('button', { name: 'Open menu' });
      await user.click(button);
      await user.click(
        within(within(header()).getByRole('navigation', { name: 'Mobile' })).getByRole('link', {
          name: 'About',
        }),
      );
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });
  });

  describe('e-mail sign-up', () => {
    it('requires an e-mail and sends nothing when empty', async () => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      const { user } = renderLanding();
      const form = signupForm();

      await user.click(within(form).getByRole('button', { name: 'Get Started' }));

      expect(await within(form).findByRole('alert')).toHaveTextContent(MESSAGES.emailRequired);
      const input = within(form).getByLabelText('Work email');
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveFocus();
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('rejects an invalid e-mail with a clear message and sends nothing', async () => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      const { user } = renderLanding();
      const form = signupForm();
      const input = within(form).getByLabelText('Work email');

      await user.type(input, 'not-an-email');
      await user.click(within(form).getByRole('button', { name: 'Get Started' }));

      expect(await within(form).findByRole('alert')).toHaveTextContent(MESSAGES.emailInvalid);
      expect(input).toHaveAccessibleDescription(
        `${MESSAGES.emailInvalid} No credit card required. Cancel anytime.`,
      );
      expect(fetchMock).not.toHaveBeenCalled();

      // Editing the field clears the message.
      await user.type(input, 'x');
      expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
      expect(input).not.toHaveAttribute('aria-invalid');
    });

    it('POSTs {email} to /api/leads, shows Submitting... while busy, then the server message', async () => {
      let answer!: (response: Response) => void;
      const fetchMock = vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const { user } = renderLanding();
      const form = signupForm();

      await user.type(within(form).getByLabelText('Work email'), '  owner@example.com ');
      await user.click(within(form).getByRole('button', { name: 'Get Started' }));

      const busyButton = await within(form).findByRole('button', { name: 'Submitting...' });
      expect(busyButton).toBeDisabled();
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/leads',
        expect.objectContaining({
          method: 'POST',
          headers: expect.objectContaining({ 'Content-Type': 'application/json' }) as unknown,
          body: JSON.stringify({ email: 'owner@example.com' }),
        }),
      );

      // A second click while busy sends nothing more.
      await user.click(busyButton);
      expect(fetchMock).toHaveBeenCalledTimes(1);

      const message = 'Thanks! We will be in touch shortly.';
      answer(jsonResponse(201, { success: true, message }));

      const signup = section('get-started');
      const shown = await within(signup).findByText(message);
      expect(within(signup).getByRole('status')).toContainElement(shown);
      expect(within(signup).getByRole('status')).toHaveAttribute('aria-live', 'polite');
      expect(within(signup).queryByRole('form')).not.toBeInTheDocument();
      expect(within(signup).queryByRole('button', { name: 'Get Started' })).not.toBeInTheDocument();
      await waitFor(() => expect(shown).toHaveFocus());
    });

    it("shows the server's error text from an error answer", async () => {
      const fetchMock = vi.fn(async () =>
        jsonResponse(429, {
          error: MESSAGES.tooManyRequests,
          code: 'RATE_LIMITED',
          requestId: 'req-1',
        }),
      );
      vi.stubGlobal('fetch', fetchMock);
      const { user } = renderLanding();
      const form = signupForm();

      await user.type(within(form).getByLabelText('Work email'), 'owner@example.com');
      await user.click(within(form).getByRole('button', { name: 'Get Started' }));

      expect(await within(form).findByRole('alert')).toHaveTextContent(MESSAGES.tooManyRequests);
      // The form stays so the visitor can try again.
      expect(within(form).getByRole('button', { name: 'Get Started' })).toBeEnabled();
      expect(within(form).getByLabelText('Work email')).toHaveValue('owner@example.com');
    });

    it('shows a validation error returned by the server', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          jsonResponse(400, {
            error: 'Some fields are invalid',
            code: 'VALIDATION_FAILED',
            details: [{ path: 'email', message: MESSAGES.emailInvalid }],
            requestId: 'req-2',
          }),
        ),
      );
      const { user } = renderLanding();
      const form = signupForm();
      await user.type(within(form).getByLabelText('Work email'), 'owner@example.com');
      await user.click(within(form).getByRole('button', { name: 'Get Started' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('Some fields are invalid');
    });

    it('shows a network error when the request fails', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
      );
      const { user } = renderLanding();
      const form = signupForm();
      await user.type(within(form).getByLabelText('Work email'), 'owner@example.com');
      await user.click(within(form).getByRole('button', { name: 'Get Started' }));
      expect(await within(form).findByRole('alert')).toHaveTextContent('Network error. Please try again.');
      await waitFor(() => expect(within(form).getByRole('button', { name: 'Get Started' })).toBeEnabled());
    });
  });
});
