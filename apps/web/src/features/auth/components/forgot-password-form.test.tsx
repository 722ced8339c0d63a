import { MESSAGES } from '@sentinel/shared';
import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/testing/fetch-mock';
import { fillIn, preloadRoutes, renderApp } from '@/testing/render-app';

describe('forgot password', () => {
  beforeAll(preloadRoutes, 120_000);

  it("replaces the form with 'Check your inbox' and a link back to sign in", async () => {
    const { callsTo } = mockFetch({
      'POST /api/auth/forgot-password': () => json(200, { success: true, message: MESSAGES.resetLinkSent }),
    });
    const { user } = renderApp('/forgot-password');

    await fillIn(user, await screen.findByLabelText('Email'), 'ada@lovelace-law.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.resetLinkSent)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    expect(callsTo('POST /api/auth/forgot-password')[0]?.body).toEqual({ email: 'ada@lovelace-law.test' });
  });

  it("shows 'Something went wrong' when the answer has no text", async () => {
    mockFetch({ 'POST /api/auth/forgot-password': () => new Response(null, { status: 502 }) });
    const { user } = renderApp('/forgot-password');

    await fillIn(user, await screen.findByLabelText('Email'), 'ada@lovelace-law.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.somethingWentWrong);
  });
});
