/**
 * The texts of the calendar, its reminders and the notification bell (issue 11): §2, §5 and §8's
 * calendar texts and ours. Apart from MESSAGES so that screens without a calendar (sign-in) do not
 * carry them.
 */
export const CALENDAR_MESSAGES = {
  calendarsLoading: 'Loading calendars...',
  calendarsLoaded: 'Calendars loaded successfully',
  calendarsLoadFailed: 'Failed to load calendars',
  noEventsSaved: 'No events were saved',
  eventSaveFailed: 'Failed to save event',
  eventDeleted: 'Event deleted successfully',
  eventDeleteFailed: 'Failed to delete event',
  selectOneCalendar: 'Please select at least one calendar',
  eventStartRequired: 'Start date and time are required',
  eventEndRequired: 'End date and time are required',
  eventEndBeforeStart: 'The end must be after the start',
  eventMoved: 'Event moved',
  eventUpdated: 'Event updated',
  eventMoveFailed: 'Could not move the event. It is back where it was.',
  eventNotFound: 'That event is not in your calendar',
  eventReadOnly: 'Deadlines come from their case or document: change them there',
  eventNotYours: 'Only the person who made this event can change or delete it',
  eventChangedElsewhere:
    'Someone else changed this event while you were editing it. Your changes were not saved.',
  eventChangedBeforeDelete:
    'Someone else changed this event since you opened it, so it was not deleted. Look at it again first.',
  eventIfMatchInvalid: 'If-Match must name the event\'s version as an entity tag, e.g. "3"',
  eventCaseNotFound: 'That case is not one you can see',
  calendarRangeInvalid: 'The date range is not valid',
  providerRemindersNote: 'Google and Outlook send their own reminders for events saved there.',
  calendarFeedRegenerated: 'New calendar link created. The old link no longer works.',
  timeZoneSaved: 'Time zone saved',
  notificationsEmpty: 'No notifications yet',
  notificationsLoadFailed: 'Could not load notifications',
  notificationsUpdateFailed: 'Could not mark as read. Please try again.',
  timeZoneSaveFailed: 'Could not save the time zone. Please try again.',
  calendarFeedLoadFailed: 'Could not load your calendar link',
  calendarFeedRegenerateFailed: 'Could not create a new calendar link. Please try again.',
  calendarLinkCopied: 'Link copied',
  calendarLinkCopyFailed: 'Could not copy the link. Select it and copy it yourself.',
} as const;

/** §8 calendar toasts with the provider's name ({provider}) and the list of calendars saved to. */
export const failedToSaveTo = (provider: string) => `Failed to save to ${provider}`;
export const eventSavedTo = (providers: string[]) => `Event saved successfully to ${providers.join(', ')}`;
/** §2 popover delete confirmation. */
export const deleteEventConfirm = (title: string) => `Are you sure you want to delete "${title}"?`;

/** A provider calendar that failed to answer (the legend and the error toast's detail). */
export const calendarUnavailable = (provider: string) =>
  `${provider === 'microsoft' ? 'Outlook' : 'Google'} Calendar did not answer. Try again in a moment.`;
