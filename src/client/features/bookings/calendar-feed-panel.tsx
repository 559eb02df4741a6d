import { useId, useState, type FormEvent } from "react";
import { CalendarPlus, Loader2 } from "lucide-react";
import type { CalendarFeedView, IssuedBookingFeed } from "@shared/schemas/bookings";
import { formatDate, timeAgo } from "@shared/format";
import { Field, fieldAria } from "@/components/form-field";
import { Panel } from "@/components/panel";
import { SecretShownOnce } from "@/components/secret-items";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { LoadError, LoadingState } from "@/components/view-states";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import { useCalendarFeed, useIssueBookingFeed, useSaveCalendarFeed } from "./api";

/** How the last read of the staff member's calendar went, in words. */
function ReadStatus({ calendar }: { calendar: NonNullable<CalendarFeedView["calendar"]> }) {
  const [now] = useState(() => Date.now());
  if (calendar.error) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {calendar.fetchedAt
          ? `Last read ${timeAgo(calendar.fetchedAt, now)} failed: `
          : "Not read yet: "}
        {calendar.error}
      </p>
    );
  }
  if (!calendar.fetchedAt) {
    return (
      <p className="text-sm text-muted-foreground">Not read yet: it is read within minutes.</p>
    );
  }
  const busy = calendar.busyCount;
  return (
    <p className="text-sm text-muted-foreground">
      Last read {timeAgo(calendar.fetchedAt, now)}: {busy === 0 ? "no" : busy} busy{" "}
      {busy === 1 ? "time" : "times"} in the next 30 days. Read again every 10 minutes.
    </p>
  );
}

/** The address of the staff member's own calendar, whose events keep them from being booked. */
function CalendarAddressForm({ view }: { view: CalendarFeedView }) {
  const id = useId();
  const save = useSaveCalendarFeed();
  const [url, setUrl] = useState(view.calendar?.url ?? "");
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent, value: string) => {
    event.preventDefault();
    setError(undefined);
    if (!value.trim() && event.type === "submit") {
      setError("Paste your calendar's private address in iCal format: it starts with https://");
      return;
    }
    save.mutate(value.trim() ? { url: value.trim() } : null, {
      onSuccess: (saved) => setUrl(saved.calendar?.url ?? ""),
      onError: (failure) =>
        setError(
          (failure instanceof ApiError && failure.fieldErrors?.url) || errorMessage(failure),
        ),
    });
  };
  return (
    <form
      noValidate
      onSubmit={(event) => submit(event, url)}
      className="flex flex-col gap-3"
      aria-label="Your calendar's address"
    >
      <Field
        id={`${id}-url`}
        label="Your calendar's private address (iCal)"
        hint="Google Calendar: Settings, your calendar, “Secret address in iCal format”. Outlook: Settings, Shared calendars, Publish. Apple: Share calendar, Public calendar (https:// in place of webcal://). Its events count as busy."
        error={error}
      >
        <Input
          {...fieldAria(`${id}-url`, error, true)}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://calendar.google.com/calendar/ical/.../basic.ics"
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          maxLength={2000}
          className="font-mono text-[13px]"
        />
      </Field>
      {view.calendar && !save.isPending && <ReadStatus calendar={view.calendar} />}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" aria-disabled={save.isPending || undefined}>
          {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {save.isPending ? "Reading your calendar..." : "Save and read now"}
        </Button>
        {view.calendar && (
          <Button
            type="button"
            variant="ghost"
            onClick={(event) => {
              setUrl("");
              submit(event, "");
            }}
          >
            Stop reading it
          </Button>
        )}
      </div>
    </form>
  );
}

/** The private feed of the staff member's calls, to subscribe to in their calendar app. */
function BookingFeed({ view }: { view: CalendarFeedView }) {
  const issue = useIssueBookingFeed();
  const [issued, setIssued] = useState<IssuedBookingFeed>();
  const [error, setError] = useState<string>();
  const feed = view.bookingFeed;
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-5">
      <h3 className="font-sans text-sm font-semibold text-foreground">
        Your calls in your calendar
      </h3>
      <p className="text-sm text-muted-foreground">
        A private address listing the Discovery Calls booked with you, to subscribe to in Google
        Calendar (“From URL”), Outlook or Apple Calendar.{" "}
        {feed
          ? `Yours was made on ${formatDate(feed.issuedAt)}. A new one stops the old address working.`
          : "Anyone with the address sees your calls: keep it to yourself."}
      </p>
      {issued ? (
        <SecretShownOnce
          title="Your calendar feed's address"
          secretName="its address"
          secretLabel="The private address of your calls' calendar"
          secret={issued.url}
          copyLabel="Copy address"
          note="Paste it into your calendar app as a subscription."
          onDone={() => setIssued(undefined)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant={feed ? "outline" : "default"}
            aria-disabled={issue.isPending || undefined}
            onClick={() => {
              if (issue.isPending) return;
              setError(undefined);
              issue.mutate(undefined, {
                onSuccess: setIssued,
                onError: (failure) => setError(errorMessage(failure)),
              });
            }}
          >
            <CalendarPlus aria-hidden="true" />
            {feed ? "Make a new address" : "Make my feed's address"}
          </Button>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * A staff member's calendars for Discovery Calls: the private address of their own calendar,
 * read every 10 minutes so its events keep them from being booked, and a private feed of their
 * calls for their calendar app (its address shown once).
 */
export function CalendarFeedPanel() {
  const view = useCalendarFeed();
  const id = useId();
  if (view.isPending) return <LoadingState label="Loading your calendars..." />;
  if (view.isError) {
    return <LoadError what="your calendars" onRetry={() => void view.refetch()} />;
  }
  return (
    <Panel
      title="Calendars for Discovery Calls"
      headingId={`${id}-title`}
      description="Visitors are offered only times your own calendar shows free."
    >
      <div className="flex flex-col gap-5">
        <CalendarAddressForm view={view.data} />
        <BookingFeed view={view.data} />
      </div>
    </Panel>
  );
}
