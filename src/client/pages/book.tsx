import { booking } from "@content/booking";
import { PageHero } from "@/components/page-hero";
import { Prerendered } from "@/components/prerendered";
import { Seo } from "@/components/seo";
import { Card } from "@/components/ui/card";
import { BookView, CancelView, RescheduleView } from "@/features/bookings/book-view";
import { withQueryClient } from "@/lib/query-client";

/** Which view the address asks for: booking, or a reschedule or cancel link from an email. */
function linkOf(): { purpose: "reschedule" | "cancel"; token: string } | null {
  if (typeof window === "undefined") return null;
  const params = new URLSearchParams(window.location.search);
  const reschedule = params.get("reschedule");
  const cancel = params.get("cancel");
  if (reschedule) return { purpose: "reschedule", token: reschedule };
  if (cancel) return { purpose: "cancel", token: cancel };
  return null;
}

/** /book: a 30-minute Discovery Call, in the visitor's time zone; and the email links' views. */
function BookPageContent() {
  const link = linkOf();
  return (
    <>
      <Seo page="/book" />
      <Prerendered name="book-intro">
        <PageHero
          eyebrow="Free, 30 minutes"
          title={
            <>
              Book a <span className="text-gold-foil italic">{booking.callName}</span>
            </>
          }
          lead={booking.summary}
        />
      </Prerendered>
      <section className="bg-background py-12 sm:py-16">
        <div className="container-page">
          {/* The calendar is the page: its island starts as the card comes into view. */}
          <Card className="p-5 sm:p-10" data-intent="near">
            {link?.purpose === "reschedule" ? (
              <RescheduleView token={link.token} />
            ) : link?.purpose === "cancel" ? (
              <CancelView token={link.token} />
            ) : (
              <BookView />
            )}
          </Card>
        </div>
      </section>
    </>
  );
}

export const BookPage = withQueryClient(BookPageContent);
