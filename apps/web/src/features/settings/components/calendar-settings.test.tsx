import { FIRM_STORAGE_KEYS, type CalendarFeedResponse, CALENDAR_MESSAGES } from '@sentinel/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch, type FetchHandler } from '@/testing/fetch-mock';
import { renderWithRouter } from '@/testing/render-app';
import { attorney, firmless, signIn } from '@/testing/session';
import { SettingsView } from './settings-view';

const feed: CalendarFeedResponse = {
  webcalUrl: 'webcal://sentinel.test/api/calendar/feed/secret-one.ics',
  httpUrl: 'https://sentinel.test/api/calendar/feed/secret-one.ics',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const newFeed: CalendarFeedResponse = {
  webcalUrl: 'webcal://sentinel.test/api/calendar/feed/secret-two.ics',
  httpUrl: 'https://sentinel.test/api/calendar/feed/secret-two.ics',
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderCalendarTab(handlers: Record<string, FetchHandler> = {}) {
  const fetches = mockFetch({ 'GET /api/calendar/feed': () => json(200, feed), ...handlers });
  const app = renderWithRouter(<SettingsView />, '/settings?tab=calendar');
  return { ...app, ...fetches };
}

describe('settings: calendar', () => {
  it('shows the tab, and saves a new time zone into the session', async () => {
    signIn(attorney);
    const { user, callsTo } = renderCalendarTab({
      'PUT /api/profile/time-zone': (call) => json(200, call.body),
    });
    expect(screen.getByRole('tab', { name: 'Calendar' })).toHaveAttribute('aria-selected', 'true');
    const select = screen.getByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('America/New_York');
    const save = screen.getByRole('button', { name: 'Save time zone' });
    expect(save).toBeDisabled();

    await user.selectOptions(select, 'Europe/Berlin');
    await user.click(save);

    expect(await screen.findByText(CALENDAR_MESSAGES.timeZoneSaved)).toBeInTheDocument();
    expect(callsTo('PUT /api/profile/time-zone')[0]?.body).toEqual({ timeZone: 'Europe/Berlin' });
    expect(localStorage.getItem(FIRM_STORAGE_KEYS.timeZone)).toBe('Europe/Berlin');
    expect(select).toHaveValue('Europe/Berlin');
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('says why a time zone was not saved and keeps the stored one', async () => {
    signIn(attorney);
    const { user } = renderCalendarTab({
      'PUT /api/profile/time-zone': () => json(400, { error: 'Unknown time zone' }),
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText('Unknown time zone')).toBeInTheDocument();
    expect(localStorage.getItem(FIRM_STORAGE_KEYS.timeZone)).toBe('America/New_York');
  });

  it('shows the subscription link, subscribes with it and copies it', async () => {
    signIn(attorney);
    const { user } = renderCalendarTab();
    const input = await screen.findByRole('textbox', { name: 'Calendar link' });
    expect(input).toHaveValue(feed.webcalUrl);
    expect(input).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', feed.webcalUrl);
    expect(screen.getByText(/read-only copy of your Sentinel events/)).toBeInTheDocument();
    expect(screen.getByText(/Keep it secret/)).toBeInTheDocument();

    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(feed.webcalUrl);
    expect(await screen.findByText(CALENDAR_MESSAGES.calendarLinkCopied)).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe(feed.webcalUrl);
  });

  it('regenerates the link only after confirmation', async () => {
    signIn(attorney);
    const { user, callsTo } = renderCalendarTab({ 'POST /api/calendar/feed': () => json(200, newFeed) });
    await screen.findByRole('textbox', { name: 'Calendar link' });

    await user.click(screen.getByRole('button', { name: 'Regenerate link' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Regenerate calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo('POST /api/calendar/feed')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Regenerate link' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Regenerate calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate link' }));

    expect(await screen.findByText(CALENDAR_MESSAGES.calendarFeedRegenerated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo('POST /api/calendar/feed')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Calendar link' })).toHaveValue(newFeed.webcalUrl);
    expect(screen.getByRole('link', { name: 'Subscribe' })).toHaveAttribute('href', newFeed.webcalUrl);
  });

  it('keeps the dialog open with the reason when regenerating fails', async () => {
    signIn(attorney);
    const { user } = renderCalendarTab({ 'POST /api/calendar/feed': () => json(503, {}) });
    await screen.findByRole('textbox', { name: 'Calendar link' });
    await user.click(screen.getByRole('button', { name: 'Regenerate link' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate link' }));
    expect(
      await within(dialog).findByText(CALENDAR_MESSAGES.calendarFeedRegenerateFailed),
    ).toBeInTheDocument();
    // The old link stays (behind the dialog, so out of the accessibility tree for now).
    expect(screen.getByDisplayValue(feed.webcalUrl)).toBeInTheDocument();
  });

  it('asks for no link before the person is in a firm', async () => {
    signIn(firmless);
    const { calls } = renderCalendarTab();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/New_York');
    expect(screen.getByText(/Once you work in a firm/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
