import {
  ADDED_REMINDER,
  CALENDAR_SOURCE_LABELS,
  DEFAULT_REMINDER,
  EVENT_TYPE_LABELS,
  EVENT_TYPES,
  MAX_EVENT_REMINDERS,
  NO_LOCATION,
  REMINDER_CHOICES,
  eventSavedTo,
  failedToSaveTo,
  type CalendarEvent,
  type CalendarSaveTarget,
  type EventType,
  type ReminderChoice,
  CALENDAR_MESSAGES,
} from '@sentinel/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { toast } from 'sonner';
import { allCasesQueryOptions } from '@/api/cases';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputClasses } from '@/components/ui/input';
import { Options, Select } from '@/components/ui/select';
import { errorMessage, isApiError } from '@/lib/api-client';
import {
  changedElsewhere,
  createCalendarEvent,
  moveCalendarEvent,
  reloadCalendarsAfterSave,
  useReplaceCachedEvent,
  type CreateEventBody,
} from '../api/events';
import {
  googlePayload,
  microsoftPayload,
  resolvedTitle,
  sentinelPayload,
  titleSuggestion,
  type EventFormValues,
} from '../utils/payloads';
import { addMinutes, DAY_CLICK_TIME, nextHour, previousDay, wallClockOf } from '../utils/time';

/** Which provider calendars the user can save to now. */
export interface ProviderConnections {
  google: boolean;
  outlook: boolean;
}

export interface EventDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Wall-clock start in the user's zone (a clicked slot); null for the next hour. */
  initialStart: string | null;
  timeZone: string;
  connections: ProviderConnections;
  /** A Sentinel event of the user's to edit (saved to its own calendar); absent to create one. */
  event?: CalendarEvent | null;
  /**
   * Saved (to at least one calendar): its wall-clock start in the user's zone (YYYY-MM-DD when
   * all-day, else YYYY-MM-DDTHH:mm).
   */
  onSaved?: (start: string) => void;
}

const TARGET_LABELS: Record<CalendarSaveTarget, string> = {
  sentinel: CALENDAR_SOURCE_LABELS.sentinel,
  google: CALENDAR_SOURCE_LABELS.google,
  outlook: CALENDAR_SOURCE_LABELS.microsoft,
};

/**
 * The Create Calendar Event dialog (spec §2, §4, §5), and the same form editing one of the user's
 * Sentinel events. Every open starts from fresh values (an edit from the event's).
 */
export function EventDialog({
  open,
  onOpenChange,
  initialStart,
  timeZone,
  connections,
  event,
  onSaved,
}: EventDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={event ? 'Edit Calendar Event' : 'Create Calendar Event'}
      widthClassName="max-w-3xl"
    >
      {/* The form mounts with the dialog's content, so each open resets every field. */}
      <EventForm
        initialStart={initialStart}
        timeZone={timeZone}
        connections={connections}
        event={event ?? null}
        onSaved={onSaved}
        onClose={() => onOpenChange(false)}
      />
    </Dialog>
  );
}

type FieldErrors = Partial<Record<'start' | 'end' | 'calendars', string>>;

function freshValues(start: string, timeZone: string): EventFormValues {
  return {
    title: '',
    eventType: 'meeting',
    relatedCase: '',
    start,
    end: addMinutes(start, timeZone),
    allDay: false,
    location: '',
    attendees: [],
    description: '',
    reminders: [DEFAULT_REMINDER],
  };
}

/** An event's values as the form holds them: wall-clock times in `timeZone`, an all-day end its last day. */
function valuesOf(event: CalendarEvent, timeZone: string): EventFormValues {
  return {
    title: event.title,
    eventType: event.eventType ?? 'meeting',
    relatedCase: event.case?.id ?? '',
    start: event.allDay ? event.start : wallClockOf(event.start, timeZone),
    end: event.allDay ? previousDay(event.end) : wallClockOf(event.end, timeZone),
    allDay: event.allDay,
    location: event.location === NO_LOCATION ? '' : event.location,
    attendees: event.attendees.map((attendee) => attendee.email),
    description: event.description,
    reminders: event.reminders,
  };
}

/** The errors that stop a save: missing times, an end not after the start, no calendar. */
function validate(values: EventFormValues, targets: CalendarSaveTarget[]): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.start) errors.start = CALENDAR_MESSAGES.eventStartRequired;
  if (!values.end) errors.end = CALENDAR_MESSAGES.eventEndRequired;
  // Same format on both sides, so the strings compare as times; an all-day end is its last day.
  else if (values.start && (values.allDay ? values.end < values.start : values.end <= values.start)) {
    errors.end = CALENDAR_MESSAGES.eventEndBeforeStart;
  }
  if (targets.length === 0) errors.calendars = CALENDAR_MESSAGES.selectOneCalendar;
  return errors;
}

function EventForm({
  initialStart,
  timeZone,
  connections,
  event,
  onSaved,
  onClose,
}: Omit<EventDialogProps, 'open' | 'onOpenChange' | 'event'> & {
  event: CalendarEvent | null;
  onClose: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const replaceCached = useReplaceCachedEvent();
  const cases = useQuery({ ...allCasesQueryOptions(), select: (answer) => answer.data });
  // The version being edited: the one the person opened, or the one a refused save showed them.
  const [editing, setEditing] = useState(event);
  const [values, setValues] = useState(() =>
    event ? valuesOf(event, timeZone) : freshValues(initialStart ?? nextHour(timeZone), timeZone),
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [calendars, setCalendars] = useState<Record<CalendarSaveTarget, boolean>>(() => ({
    sentinel: true,
    google: connections.google,
    outlook: connections.outlook,
  }));
  const [attendeeDraft, setAttendeeDraft] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  // The times a switch to all-day put aside, restored when it is switched off again.
  const timedTimes = useRef({ start: DAY_CLICK_TIME, end: '' });

  const set = (change: Partial<EventFormValues>) => setValues((current) => ({ ...current, ...change }));
  const chosenCase = cases.data?.find((item) => item.id === values.relatedCase) ?? null;
  const suggestion = titleSuggestion(values.eventType, chosenCase?.title ?? null);
  const targets = editing
    ? (['sentinel'] as CalendarSaveTarget[])
    : (Object.keys(calendars) as CalendarSaveTarget[]).filter((target) => calendars[target]);

  function toggleAllDay(allDay: boolean) {
    if (allDay) {
      timedTimes.current = { start: values.start.slice(11, 16), end: values.end.slice(11, 16) };
      set({ allDay, start: values.start.slice(0, 10), end: values.end.slice(0, 10) });
      return;
    }
    const start = values.start ? `${values.start}T${timedTimes.current.start || DAY_CLICK_TIME}` : '';
    let end = values.end && timedTimes.current.end ? `${values.end}T${timedTimes.current.end}` : '';
    if (start && (!end || end <= start)) end = addMinutes(start, timeZone);
    set({ allDay, start, end });
  }

  function commitAttendee(raw: string) {
    commitAttendees([raw], '');
  }

  /** Adds each address (trimmed, comma removed, containing '@', not yet present); keeps `draft` typed. */
  function commitAttendees(raws: string[], draft: string) {
    const next = [...values.attendees];
    for (const raw of raws) {
      const address = raw.trim().replace(',', '').trim();
      if (!address.includes('@')) continue;
      if (!next.some((present) => present.toLowerCase() === address.toLowerCase())) next.push(address);
    }
    if (next.length !== values.attendees.length) set({ attendees: next });
    setAttendeeDraft(draft);
  }

  /** Typing goes to the draft; a pasted list ("a@x.com, b@y.com") commits all but what follows the last comma. */
  function onAttendeeInput(value: string) {
    if (!value.includes(',')) return setAttendeeDraft(value);
    const parts = value.split(',');
    const draft = parts.pop() ?? '';
    commitAttendees(parts, draft.trimStart());
  }

  function onAttendeeKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commitAttendee(attendeeDraft);
    }
  }

  function setReminder(index: number, reminder: ReminderChoice) {
    set({ reminders: values.reminders.map((current, at) => (at === index ? reminder : current)) });
  }

  /**
   * Saves the edited event with the version the person saw (If-Match). Refused because someone
   * changed it meanwhile, the dialog stays open with the message and shows the event as it is now,
   * for the person to apply their change again.
   */
  async function saveEdit(current: CalendarEvent) {
    setSaving(true);
    setFormError(null);
    try {
      const title = resolvedTitle(values, chosenCase?.title ?? null);
      const answer = await moveCalendarEvent(current, sentinelPayload(values, title, timeZone));
      replaceCached(current.source, current.id, answer.data);
      toast.success(CALENDAR_MESSAGES.eventUpdated);
      reloadCalendarsAfterSave(queryClient);
      onSaved?.(values.start);
      onClose();
    } catch (error) {
      const conflict = changedElsewhere(error);
      setFormError(conflict?.message ?? errorMessage(error, CALENDAR_MESSAGES.eventSaveFailed));
      if (conflict?.current) {
        replaceCached(current.source, current.id, conflict.current);
        setEditing(conflict.current);
        setValues(valuesOf(conflict.current, timeZone));
        setErrors({});
      }
      // Deleted meanwhile (from another browser): the calendar stops showing it.
      if (isApiError(error) && error.status === 404) replaceCached(current.source, current.id, null);
      setSaving(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values, targets);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (editing) return saveEdit(editing);
    setSaving(true);
    try {
      const title = resolvedTitle(values, chosenCase?.title ?? null);
      const bodies: CreateEventBody[] = targets.map((target): CreateEventBody => {
        if (target === 'google') return { target, body: googlePayload(values, title, timeZone) };
        if (target === 'outlook') return { target, body: microsoftPayload(values, title, timeZone) };
        return { target, body: sentinelPayload(values, title, timeZone) };
      });
      const settled = await Promise.allSettled(bodies.map(createCalendarEvent));
      const saved: string[] = [];
      settled.forEach((outcome, index) => {
        const label = TARGET_LABELS[targets[index] ?? 'sentinel'];
        if (outcome.status === 'fulfilled') saved.push(label);
        else toast.error(failedToSaveTo(label));
      });
      if (saved.length === 0) {
        toast.warning(CALENDAR_MESSAGES.noEventsSaved);
        setSaving(false);
        return;
      }
      toast.success(eventSavedTo(saved));
      reloadCalendarsAfterSave(queryClient);
      onSaved?.(values.start);
      onClose();
    } catch {
      toast.error(CALENDAR_MESSAGES.eventSaveFailed);
      setSaving(false);
    }
  }

  const timeType = values.allDay ? 'date' : 'datetime-local';
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Event Title"
          className="sm:col-span-2"
          hint={`Left empty, "${suggestion ?? 'Untitled Event'}" is used.`}
        >
          {(control) => (
            <Input
              {...control}
              value={values.title}
              placeholder={suggestion ?? ''}
              maxLength={300}
              onChange={(event) => set({ title: event.target.value })}
            />
          )}
        </Field>
        {suggestion && !values.title && (
          <div className="-mt-2 sm:col-span-2">
            <Button variant="secondary" size="sm" onClick={() => set({ title: suggestion })}>
              Use &ldquo;{suggestion}&rdquo;
            </Button>
          </div>
        )}
        <Field label="Event Type">
          {(control) => (
            <Select
              {...control}
              value={values.eventType}
              onChange={(event) => set({ eventType: event.target.value as EventType })}
            >
              <Options values={EVENT_TYPES} label={EVENT_TYPE_LABELS} />
            </Select>
          )}
        </Field>
        <Field label="Related Case">
          {(control) => (
            <Select
              {...control}
              value={values.relatedCase}
              onChange={(event) => set({ relatedCase: event.target.value })}
            >
              <option value="">No case</option>
              {(cases.data ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.caseNumber} — {item.title}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={values.allDay ? 'Start Date' : 'Start Date & Time'} error={errors.start} required>
          {(control) => (
            <Input
              {...control}
              type={timeType}
              value={values.start}
              required
              onChange={(event) => set({ start: event.target.value })}
            />
          )}
        </Field>
        <Field label={values.allDay ? 'End Date' : 'End Date & Time'} error={errors.end} required>
          {(control) => (
            <Input
              {...control}
              type={timeType}
              value={values.end}
              required
              onChange={(event) => set({ end: event.target.value })}
            />
          )}
        </Field>
        <Checkbox
          id={`${id}-all-day`}
          label="All day event"
          className="sm:col-span-2"
          checked={values.allDay}
          onChange={(event) => toggleAllDay(event.target.checked)}
        />
        <Field label="Location" className="sm:col-span-2">
          {(control) => (
            <Input
              {...control}
              value={values.location}
              maxLength={500}
              onChange={(event) => set({ location: event.target.value })}
            />
          )}
        </Field>
        <Field
          label="Attendees"
          className="sm:col-span-2"
          hint="Type an e-mail address, then Enter or a comma to add it."
        >
          {(control) => (
            <div className="space-y-2">
              {values.attendees.length > 0 && (
                <ul aria-label="Attendees added" className="flex flex-wrap gap-1.5">
                  {values.attendees.map((address) => (
                    <li
                      key={address}
                      className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-sm text-slate-800"
                    >
                      {address}
                      <button
                        type="button"
                        aria-label={`Remove ${address}`}
                        className="flex size-6 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                        onClick={() =>
                          set({ attendees: values.attendees.filter((item) => item !== address) })
                        }
                      >
                        <X aria-hidden="true" className="size-3.5" />
                      </button>
                    </li>
                  ))}
                </ul>
              )}
              <Input
                {...control}
                type="email"
                autoComplete="off"
                value={attendeeDraft}
                placeholder="name@example.com"
                onChange={(event) => onAttendeeInput(event.target.value)}
                onKeyDown={onAttendeeKey}
                onBlur={() => commitAttendee(attendeeDraft)}
              />
            </div>
          )}
        </Field>
      </div>

      {!editing && (
        <fieldset aria-describedby={errors.calendars ? `${id}-calendars-error` : undefined}>
          <legend className="text-sm font-medium text-slate-800">Add to Calendar</legend>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-6">
            <Checkbox
              id={`${id}-sentinel`}
              label={TARGET_LABELS.sentinel}
              checked={calendars.sentinel}
              onChange={(event) => setCalendars({ ...calendars, sentinel: event.target.checked })}
            />
            {(['google', 'outlook'] as const).map((target) => (
              <Checkbox
                key={target}
                id={`${id}-${target}`}
                disabled={!connections[target]}
                checked={calendars[target]}
                onChange={(event) => setCalendars({ ...calendars, [target]: event.target.checked })}
                label={
                  <span className="inline-flex items-center gap-2">
                    {TARGET_LABELS[target]}
                    <Badge tone={connections[target] ? 'success' : 'neutral'}>
                      {connections[target] ? 'Connected' : 'Not connected'}
                    </Badge>
                  </span>
                }
              />
            ))}
          </div>
          {errors.calendars && (
            <div id={`${id}-calendars-error`} className="mt-2">
              <Alert tone="error">{errors.calendars}</Alert>
            </div>
          )}
        </fieldset>
      )}

      <Field label="Description">
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={10_000}
            className={inputClasses()}
            value={values.description}
            onChange={(event) => set({ description: event.target.value })}
          />
        )}
      </Field>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Reminders</legend>
        <ul className="mt-2 space-y-2">
          {values.reminders.map((reminder, index) => (
            // Reminders have no identity beyond their place in the list (the selects are controlled).
            <li key={index} className="flex items-center gap-2">
              <div className="w-full max-w-xs">
                <Select
                  aria-label={`Reminder ${index + 1}`}
                  value={reminder}
                  onChange={(event) => setReminder(index, event.target.value as ReminderChoice)}
                >
                  <Options values={REMINDER_CHOICES} label={(choice) => choice} />
                </Select>
              </div>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove reminder ${index + 1}`}
                icon={<X aria-hidden="true" className="size-4" />}
                onClick={() => set({ reminders: values.reminders.filter((_, at) => at !== index) })}
              />
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          icon={<Plus aria-hidden="true" className="size-4" />}
          disabled={values.reminders.length >= MAX_EVENT_REMINDERS}
          onClick={() => set({ reminders: [...values.reminders, ADDED_REMINDER] })}
        >
          Add reminder
        </Button>
        <p className="mt-2 text-xs text-slate-600">{CALENDAR_MESSAGES.providerRemindersNote}</p>
      </fieldset>

      {formError && <Alert tone="error">{formError}</Alert>}

      <DialogActions>
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" isLoading={saving}>
          {editing ? 'Save Changes' : 'Create Event'}
        </Button>
      </DialogActions>
    </form>
  );
}
