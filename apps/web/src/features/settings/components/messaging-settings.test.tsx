import { MESSAGES } from '@sentinel/shared';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, mockFetch, verifiedAs } from '@/testing/fetch-mock';
import { fillIn, preloadRoutes, renderApp } from '@/testing/render-app';
import { propertyOwner, signIn } from '@/testing/session';

describe('Settings → Messages', () => {
  beforeAll(preloadRoutes, 120_000);

  it('turns the away reply on with its text and the digest, and says it saved', async () => {
    signIn(propertyOwner);
    const { callsTo } = mockFetch({
      ...verifiedAs(propertyOwner),
      'GET /api/profile/messaging': () =>
        json(200, {
          awayReplyEnabled: false,
          awayReplyText: MESSAGES.awayReplyDefault,
          notificationDigest: false,
        }),
      'PUT /api/profile/messaging': (call) => json(200, call.body),
    });
    const { user } = renderApp('/settings?tab=messages');

    expect(await screen.findByRole('heading', { name: 'Away reply' })).toBeInTheDocument();
    const away = screen.getByRole('switch', { name: 'Send an away reply' });
    const digest = screen.getByRole('switch', {
      name: 'Email me a digest of notifications left unread for 15 minutes',
    });
    const text = screen.getByRole('textbox', { name: 'Away reply' });
    expect(away).toHaveAttribute('aria-checked', 'false');
    expect(digest).toHaveAttribute('aria-checked', 'false');
    expect(text).toHaveValue(MESSAGES.awayReplyDefault);
    expect(screen.getByRole('button', { name: 'Save message settings' })).toBeDisabled();

    await user.click(away);
    await user.click(digest);
    await user.clear(text);
    await fillIn(user, text, 'Out until Monday.');
    await user.click(screen.getByRole('button', { name: 'Save message settings' }));

    expect(await screen.findByText('Message settings saved')).toBeInTheDocument();
    expect(callsTo('PUT /api/profile/messaging')[0]?.body).toEqual({
      awayReplyEnabled: true,
      awayReplyText: 'Out until Monday.',
      notificationDigest: true,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Send an away reply' })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );
  });

  it('does not save an empty away reply', async () => {
    signIn(propertyOwner);
    const { callsTo } = mockFetch({
      ...verifiedAs(propertyOwner),
      'GET /api/profile/messaging': () =>
        json(200, { awayReplyEnabled: true, awayReplyText: 'Away', notificationDigest: true }),
    });
    const { user } = renderApp('/settings?tab=messages');
    const text = await screen.findByRole('textbox', { name: 'Away reply' });
    await user.clear(text);
    await user.click(screen.getByRole('button', { name: 'Save message settings' }));
    expect(await screen.findByText('Write the away reply, or turn it off')).toBeInTheDocument();
    expect(callsTo('PUT /api/profile/messaging')).toHaveLength(0);
  });
});
