import { useEffect } from "react";
import { Link } from "wouter";
import { ArrowLeft } from "lucide-react";
import { brand } from "@content/site";
import { clientLinks, signInLinks } from "@shared/deep-links";
import { homePath } from "@shared/deep-links";
import { PageLoading } from "@/components/page-loading";
import { AccountView } from "@/features/account/account-view";
import { AvailabilityPanel } from "@/features/bookings/availability-panel";
import { CalendarFeedPanel } from "@/features/bookings/calendar-feed-panel";
import { useRedirectWhenSignedOut, useSignOutOn401 } from "@/features/auth/use-signed-out";
import { useAuth } from "@/lib/auth";
import { withQueryClient } from "@/lib/query-client";

/** /account: every signed-in user's name, notices, second factor, passkeys and sessions. */
function AccountPageContent() {
  const { user, isLoading, needsSecondFactor } = useAuth();
  useSignOutOn401();
  useRedirectWhenSignedOut(!isLoading && !user && !needsSecondFactor);
  useEffect(() => {
    document.title = `Your account | ${brand.name}`;
  }, []);
  useEffect(() => {
    if (needsSecondFactor) window.location.replace(signInLinks.verify(clientLinks.account()));
  }, [needsSecondFactor]);

  if (isLoading || !user) return <PageLoading />;
  return (
    <div className="container-page py-10 sm:py-14">
      <Link
        href={homePath(user)}
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {user.isAdmin ? "Back office" : "Dashboard"}
      </Link>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">
        Your account
      </h1>
      <p className="mt-2 mb-8 text-muted-foreground">
        Your details, how you sign in, and where you are signed in.
      </p>
      <AccountView
        staffPanels={
          user.isAdmin ? (
            <>
              <AvailabilityPanel />
              <CalendarFeedPanel />
            </>
          ) : undefined
        }
      />
    </div>
  );
}

export const AccountPage = withQueryClient(AccountPageContent);
