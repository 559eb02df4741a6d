import { useEffect, useId, useState, type ReactNode } from "react";
import { useForm } from "react-hook-form";
import { BarChart3, LockKeyhole } from "lucide-react";
import type { SharedView } from "@shared/schemas/share-links";
import type { SharePanel } from "@shared/share-panels";
import { defaultSiteRange } from "@shared/site-range";
import { DomainName } from "@/components/domain-name";
import { Field, fieldAria } from "@/components/form-field";
import { HeroBackdrop } from "@/components/page-hero";
import { LoadError } from "@/components/view-states";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { ApiError } from "@/lib/api";
import { errorMessage } from "@/lib/server-errors";
import { RangePicker } from "./range-picker";
import { FiguresLoading } from "./site-stats";
import { useSharedView, useUnlockShare } from "./share-links-api";
import { panelViews, SharedPanelView } from "./share-panels";

/** The dark band over the view: the site's domain, and nothing of the company that shared it. */
function ViewHeader({ domain }: { domain?: string }) {
  return (
    <header className="theme-dark relative isolate overflow-hidden">
      <HeroBackdrop />
      <div className="container-page relative pt-10 pb-24 sm:pt-12 sm:pb-28">
        <p className="text-sm font-medium text-ink-300">Website analytics, shared read-only</p>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight break-words text-ink-50 sm:text-4xl">
          {domain ? <DomainName domain={domain} /> : "Shared analytics"}
        </h1>
      </div>
    </header>
  );
}

/** A message in the view's place: the link is gone, or a password is asked for. */
function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg rounded-2xl border border-border bg-card p-6 sm:p-8">
      <h2 className="flex items-center gap-2 text-xl font-semibold">
        <LockKeyhole className="size-5 text-muted-foreground" aria-hidden="true" />
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </div>
  );
}

/** The link's password: a right one opens the view; a wrong one says so, in the field. */
function PasswordForm({ token }: { token: string }) {
  const id = useId();
  const unlock = useUnlockShare(token);
  const form = useForm<{ password: string }>({ defaultValues: { password: "" } });
  const error = form.formState.errors.password?.message;
  const onSubmit = form.handleSubmit(({ password }) => {
    if (!password) {
      form.setError("password", { message: "Enter the password" }, { shouldFocus: true });
      return;
    }
    return unlock.mutateAsync(password).then(
      () => undefined,
      (failure: unknown) =>
        form.setError("password", { message: errorMessage(failure) }, { shouldFocus: true }),
    );
  });
  return (
    <Notice title="This link asks for a password">
      <p className="text-sm text-muted-foreground">
        Whoever sent you the link has the password. Ask them if you do not.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
        <Field id={`${id}-password`} label="Password" error={error}>
          <Input
            {...fieldAria(`${id}-password`, error)}
            {...form.register("password")}
            type="password"
            autoComplete="current-password"
            autoFocus
          />
        </Field>
        <div>
          <Button type="submit" disabled={unlock.isPending}>
            {unlock.isPending ? "Checking..." : "Open"}
          </Button>
        </div>
      </form>
    </Notice>
  );
}

/** The panels: wide ones on rows of their own, the others side by side. */
function Panels({ view }: { view: SharedView }) {
  const wide = view.shown.filter((panel) => panelViews[panel].wide);
  const narrow = view.shown.filter((panel) => !panelViews[panel].wide);
  const columns: Record<number, string> = { 1: "", 2: "lg:grid-cols-2", 3: "lg:grid-cols-3" };
  const draw = (panel: SharePanel) => <SharedPanelView key={panel} panel={panel} view={view} />;
  return (
    <>
      {wide.map(draw)}
      {narrow.length > 0 && (
        <div className={`grid gap-5 sm:gap-6 ${columns[narrow.length] ?? "lg:grid-cols-3"}`}>
          {narrow.map(draw)}
        </div>
      )}
    </>
  );
}

/**
 * A share link's view (/share/<token>): the site's domain, the range picker and the panels the
 * link shows, read-only. A password is asked for first when the link has one.
 */
export function SharedViewPage({ token }: { token: string }) {
  const [range, setRange] = useState<string>(defaultSiteRange);
  const { data: view, isPending, error, refetch } = useSharedView(token, range);
  useEffect(() => {
    if (view) document.title = `${view.domain} · Website analytics`;
  }, [view]);
  const status = error instanceof ApiError ? error.status : undefined;

  return (
    <div className="flex min-h-dvh flex-col">
      <ViewHeader domain={view?.domain} />
      <main id="main" tabIndex={-1} className="flex-1">
        <div className="container-page relative -mt-16 pb-20 sm:-mt-20 sm:pb-28">
          {view && status !== 401 && status !== 404 ? (
            <div className="grid gap-5 sm:gap-6">
              <RangePicker value={view.range} onChange={setRange} />
              <Panels view={view} />
            </div>
          ) : isPending ? (
            <FiguresLoading />
          ) : status === 401 ? (
            <PasswordForm token={token} />
          ) : status === 404 ? (
            <Notice title="This link does not work">
              <p className="text-sm text-muted-foreground">
                It was revoked, it has expired, or it was copied wrong. Ask whoever sent it for a
                new one.
              </p>
            </Notice>
          ) : (
            <LoadError what="these figures" onRetry={() => void refetch()} />
          )}
        </div>
      </main>
      <footer className="border-t border-border">
        <p className="container-page flex items-center gap-2 py-5 text-sm text-muted-foreground">
          <BarChart3 className="size-4" aria-hidden="true" />
          Cookieless analytics: no visitor is tracked from site to site.
        </p>
      </footer>
    </div>
  );
}
