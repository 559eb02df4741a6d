import type { ReactNode } from "react";
import { ShieldAlert } from "lucide-react";
import { LoadError, LoadingState } from "@/components/view-states";
import { useAccount } from "./api";
import { NamePanel } from "./name-panel";
import { NoticesPanel } from "./notices-panel";
import { PasskeysPanel } from "./passkeys-panel";
import { SecurityEventsPanel } from "./security-events-panel";
import { SessionsPanel } from "./sessions-panel";
import { TotpPanel } from "./totp-panel";

/**
 * The whole account page under its heading: details, sign-in protection, sessions, events;
 * `staffPanels` (the page gives staff their call hours) go under the details.
 */
export function AccountView({ staffPanels }: { staffPanels?: ReactNode } = {}) {
  const account = useAccount();
  if (account.isPending) return <LoadingState label="Loading your account..." />;
  if (account.isError) {
    return <LoadError what="your account" onRetry={() => void account.refetch()} />;
  }
  const data = account.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-6">
        <NamePanel key={`${data.firstName}-${data.lastName}`} account={data} />
        <NoticesPanel account={data} />
        {data.isStaff && staffPanels}
        <SessionsPanel />
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        <section aria-labelledby="second-factor-title" className="flex flex-col gap-4">
          <div>
            <h2
              id="second-factor-title"
              className="text-xl font-semibold tracking-tight text-foreground"
            >
              Second factor
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              After the email link, we also ask for a code from your app or a passkey.
              {data.isStaff && " Staff must turn on at least one."}
            </p>
          </div>
          <TotpPanel account={data} />
          <PasskeysPanel account={data} />
        </section>
        <SecurityEventsPanel email={data.email} />
      </div>
    </div>
  );
}

/**
 * What staff without a second factor see instead of the back office: why, and the two ways to
 * turn one on. Once one is on, the back office opens.
 */
export function StaffEnrolment() {
  const account = useAccount();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex items-start gap-4 rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <ShieldAlert className="mt-0.5 size-6 shrink-0 text-amber-700" aria-hidden="true" />
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Turn on a second factor</h1>
          <p className="mt-1 text-sm leading-relaxed">
            Staff see clients&apos; invoices and payments, so the back office opens only after you
            add an authenticator app or a passkey. It takes a minute.
          </p>
        </div>
      </div>
      {account.isPending ? (
        <LoadingState label="Loading your account..." />
      ) : account.isError ? (
        <LoadError what="your account" onRetry={() => void account.refetch()} />
      ) : (
        <>
          <TotpPanel account={account.data} />
          <PasskeysPanel account={account.data} />
        </>
      )}
    </div>
  );
}
