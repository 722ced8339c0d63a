import { type CalendarFeedResponse, CALENDAR_MESSAGES } from '@sentinel/shared';
import { Copy, ExternalLink, RefreshCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useCalendarFeed, useRegenerateCalendarFeed } from '../api/calendar-feed';
import { useUpdateTimeZone } from '../api/update-time-zone';

/** Every IANA zone the browser knows, with `current` among them even if the list lacks it. */
function timeZoneChoices(current: string | null): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return current && !zones.includes(current) ? [current, ...zones].sort() : zones;
}

/** Calendar tab: the time zone of the calendar and reminders, and the subscription link. */
export function CalendarSettings() {
  const session = useSession();
  return (
    <div className="space-y-6">
      <TimeZoneCard current={session?.timeZone ?? null} />
      {session?.firm ? (
        <FeedCard />
      ) : (
        <Card title="Subscribe in your calendar app">
          <p className="text-sm text-slate-600">
            Once you work in a firm, you can follow its events and deadlines in your phone or desktop
            calendar.
          </p>
        </Card>
      )}
    </div>
  );
}

function TimeZoneCard({ current }: { current: string | null }) {
  const update = useUpdateTimeZone();
  const [chosen, setChosen] = useState<string | null>(null);
  const value = chosen ?? current ?? '';
  const zones = useMemo(() => timeZoneChoices(current), [current]);

  return (
    <Card title="Time zone" description="Calendar times, all-day events and reminders follow this time zone.">
      <form
        noValidate
        className="flex max-w-xl flex-col gap-4 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (value) update.mutate(value, { onSuccess: () => setChosen(null) });
        }}
      >
        <Field label="Time zone" className="min-w-0 flex-1">
          {(control) => (
            <Select {...control} value={value} onChange={(event) => setChosen(event.target.value)}>
              {!value && <option value="">Choose a time zone</option>}
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Button type="submit" isLoading={update.isPending} disabled={!value || value === current}>
          Save time zone
        </Button>
      </form>
    </Card>
  );
}

function FeedCard() {
  const feed = useCalendarFeed();
  return (
    <Card
      title="Subscribe in your calendar app"
      description="Add your Sentinel calendar to Apple Calendar, Google Calendar or Outlook."
    >
      {feed.isPending ? (
        <LoadingState label="Loading your calendar link..." />
      ) : feed.isError ? (
        <LoadError
          error={feed.error}
          fallback={CALENDAR_MESSAGES.calendarFeedLoadFailed}
          onRetry={() => void feed.refetch()}
          retrying={feed.isFetching}
        />
      ) : (
        <FeedLink feed={feed.data} />
      )}
    </Card>
  );
}

function FeedLink({ feed }: { feed: CalendarFeedResponse }) {
  const regenerate = useRegenerateCalendarFeed();
  const [confirming, setConfirming] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(feed.webcalUrl);
      toast.success(CALENDAR_MESSAGES.calendarLinkCopied);
    } catch {
      toast.error(CALENDAR_MESSAGES.calendarLinkCopyFailed);
    }
  };

  return (
    <div className="max-w-2xl space-y-4 text-sm text-slate-700">
      <p>
        This link gives your calendar app a read-only copy of your Sentinel events, the events of your cases
        and their deadlines, with your reminders. It refreshes on its own, about every 15 minutes.
      </p>
      <p>
        Keep it secret: anyone with the link can see these events. If it was shared by mistake, make a new
        one.
      </p>
      <Field label="Calendar link">
        {(control) => (
          <Input
            {...control}
            value={feed.webcalUrl}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          icon={<Copy aria-hidden="true" className="size-4" />}
          onClick={() => void copy()}
        >
          Copy link
        </Button>
        <a href={feed.webcalUrl} className={buttonClasses({ variant: 'primary' })}>
          <ExternalLink aria-hidden="true" className="size-4" />
          Subscribe
        </a>
        <Button
          variant="ghost"
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={() => {
            regenerate.reset();
            setConfirming(true);
          }}
        >
          Regenerate link
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate calendar link?"
        message="Calendars subscribed with the current link stop updating. You will need to subscribe again with the new link."
        confirmLabel="Regenerate link"
        variant="danger"
        isPending={regenerate.isPending}
        error={
          regenerate.isError
            ? errorMessage(regenerate.error, CALENDAR_MESSAGES.calendarFeedRegenerateFailed)
            : null
        }
        onConfirm={() => regenerate.mutate(undefined, { onSuccess: () => setConfirming(false) })}
      />
    </div>
  );
}
