import { useEffect } from "react";
import { Link, useSearch } from "wouter";
import {
  AlertTriangle,
  CreditCard,
  Globe2,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  MonitorSmartphone,
  Phone,
  RefreshCw,
  type LucideIcon,
} from "lucide-react";
import { brand, contact } from "@content/site";
import { homePath, parseSignIn, signInLinks } from "@shared/deep-links";
import type { AuthUser } from "@shared/schemas/auth";
import { Button } from "@/components/ui/button";
import { DemoSignIn } from "@/features/auth/demo-sign-in";
import { EmailSignInForm } from "@/features/auth/email-sign-in-form";
import { PasskeySignIn } from "@/features/auth/passkey-sign-in";
import { signInError } from "@/features/auth/messages";
import { useAuth } from "@/lib/auth";
import { withQueryClient } from "@/lib/query-client";

const portalFeatures: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: MonitorSmartphone,
    title: "Your websites",
    text: "Monthly visitors, uptime and bandwidth at a glance.",
  },
  {
    icon: Globe2,
    title: "Your domains",
    text: "Renewal dates, with auto-renew one switch away.",
  },
  {
    icon: CreditCard,
    title: "Plan & billing",
    text: "Your plan, next billing date and card on file.",
  },
  { icon: LifeBuoy, title: "Support tickets", text: "Ask for changes and follow every reply." },
];

/** The agency's promises (the same claims as the marketing pages). */
const promises = [
  { value: "99.9%", label: "Uptime guarantee" },
  { value: "24 h", label: "Reply to every ticket" },
  { value: "24/7", label: "Support & monitoring" },
];

/** OpenID Connect errors: starting the sign-in again is the way out. */
const restartableErrors = new Set(["sign-in-failed", "provider-unavailable", "sign-in-expired"]);

/** Title and robots tag of a page that has no entry in the content folder's page meta. */
function useLoginHead() {
  useEffect(() => {
    document.title = `Sign In | ${brand.name}`;
    let robots = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    if (!robots) {
      robots = document.createElement("meta");
      robots.name = "robots";
      document.head.appendChild(robots);
    }
    robots.content = "noindex";
    document.head
      .querySelector('meta[name="description"]')
      ?.setAttribute("content", `Sign in to the ${brand.name} client portal.`);
    // The portal has no address of its own for search engines.
    document.head.querySelector('link[rel="canonical"]')?.remove();
  }, []);
}

function SignInError({ code, returnTo }: { code: string; returnTo: string | undefined }) {
  const { title, body } = signInError(code);
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 text-sm">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 leading-relaxed">{body}</p>
        {restartableErrors.has(code) && (
          <a
            href={signInLinks.start(returnTo)}
            className="mt-2 inline-flex min-h-6 items-center gap-1.5 font-semibold underline underline-offset-4"
          >
            <RefreshCw className="size-3.5" aria-hidden="true" />
            Try signing in again
          </a>
        )}
      </div>
    </div>
  );
}

function AlreadySignedIn({ user, returnTo }: { user: AuthUser; returnTo: string | undefined }) {
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted-foreground">
        You are signed in as{" "}
        <strong className="font-semibold text-foreground">
          {user.firstName || user.email || "your account"}
        </strong>
        .
      </p>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link href={returnTo ?? homePath(user)}>
            <LayoutDashboard aria-hidden="true" />
            {!returnTo && user.isAdmin ? "Go to the back office" : "Go to your dashboard"}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={signInLinks.signOut()}>
            <LogOut aria-hidden="true" />
            Log Out
          </a>
        </Button>
      </div>
    </div>
  );
}

/** /login: email link sign-in, the server's sign-in errors, and the demo accounts. */
function LoginPageContent() {
  useLoginHead();
  // Without a return address, people land on their home: staff on the back office.
  const { returnTo, error } = parseSignIn(useSearch(), window.location.origin);
  const { user, isLoading, needsSecondFactor } = useAuth();
  const signedIn = !isLoading && user !== null;
  // Signed in by the link but the second factor is still to pass: that step first.
  useEffect(() => {
    if (!needsSecondFactor) return;
    window.location.replace(signInLinks.verify(returnTo));
  }, [needsSecondFactor, returnTo]);

  return (
    <section className="relative isolate overflow-hidden bg-background">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-[radial-gradient(ellipse_60%_100%_at_50%_0%,rgb(212_175_55/0.16),transparent)]"
        aria-hidden="true"
      />
      <div className="container-page grid items-start gap-8 py-10 sm:py-16 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:gap-12 lg:py-20">
        <div className="order-1 rounded-3xl border border-border bg-card p-6 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_24px_48px_-28px_rgb(0_0_0/0.35)] sm:p-10 lg:order-2">
          <p className="inline-flex items-center gap-2 rounded-full border border-gold-500/40 bg-gold-500/10 px-3 py-1 text-xs font-semibold tracking-[0.14em] text-accent uppercase">
            <span className="size-1.5 rounded-full bg-gold-500" aria-hidden="true" />
            Client portal
          </p>
          <h1 className="mt-5 text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">
            {signedIn ? "Welcome back" : "Sign in to your account"}
          </h1>
          <p className="mt-3 leading-relaxed text-muted-foreground">
            {signedIn
              ? "You are already signed in on this device."
              : "We email you a secure link that signs you in with one click. No password to remember."}
          </p>

          <div className="mt-8 flex flex-col gap-6">
            {error && <SignInError code={error} returnTo={returnTo} />}
            {signedIn && user ? (
              <AlreadySignedIn user={user} returnTo={returnTo} />
            ) : (
              <>
                <EmailSignInForm returnTo={returnTo} />
                <div className="flex items-center gap-3 text-xs tracking-[0.14em] text-muted-foreground uppercase">
                  <span className="h-px flex-1 bg-border" aria-hidden="true" />
                  or
                  <span className="h-px flex-1 bg-border" aria-hidden="true" />
                </div>
                <PasskeySignIn returnTo={returnTo} autofill />
              </>
            )}
          </div>

          {!signedIn && (
            <div className="mt-8 border-t border-border pt-6">
              <h2 className="font-sans text-sm font-semibold text-foreground">
                Just looking around?
              </h2>
              <p className="mt-1 mb-4 text-sm text-muted-foreground">
                Open the portal with sample data, no email needed.
              </p>
              <DemoSignIn returnTo={returnTo} />
            </div>
          )}
        </div>

        <aside
          aria-labelledby="portal-features"
          className="theme-dark relative isolate order-2 flex flex-col overflow-hidden rounded-3xl p-6 sm:p-10 lg:order-1 lg:self-stretch"
        >
          <div className="bg-grid pointer-events-none absolute inset-0 -z-10" aria-hidden="true" />
          <div
            className="pointer-events-none absolute -top-24 -right-24 -z-10 size-72 rounded-full bg-[radial-gradient(closest-side,rgb(212_175_55/0.25),transparent)]"
            aria-hidden="true"
          />
          <h2
            id="portal-features"
            className="max-w-md text-2xl leading-tight font-semibold tracking-tight text-ink-50 sm:text-3xl"
          >
            Everything about your site, <span className="text-gold-foil italic">in one place</span>
          </h2>
          <p className="mt-3 max-w-md text-ink-300">
            The {brand.name} client portal keeps your websites, domains, billing and support
            requests together, so you always know where things stand.
          </p>
          <ul className="mt-8 mb-10 grid gap-5 sm:grid-cols-2">
            {portalFeatures.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3.5">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl border border-gold-500/30 bg-gold-500/10 text-gold-400">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <span>
                  <span className="block font-semibold text-ink-50">{title}</span>
                  <span className="mt-0.5 block text-sm leading-relaxed text-ink-400">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <dl className="mb-8 grid grid-cols-3 gap-3 lg:mt-auto">
            {promises.map(({ value, label }) => (
              <div
                key={label}
                className="flex flex-col-reverse rounded-2xl border border-white/10 bg-white/[0.03] px-3 py-4 text-center sm:px-4"
              >
                <dt className="mt-1 text-xs leading-snug text-ink-300">{label}</dt>
                <dd className="font-display text-2xl font-semibold text-gold-400 sm:text-3xl">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 border-t border-white/10 pt-6 text-sm text-ink-300">
            <Phone className="size-4 text-gold-400" aria-hidden="true" />
            Trouble signing in? Call us at
            <a
              href={contact.phoneHref}
              className="inline-flex min-h-6 items-center font-semibold text-gold-400 underline-offset-4 hover:underline"
            >
              {contact.phone}
            </a>
          </p>
        </aside>
      </div>
    </section>
  );
}

export const LoginPage = withQueryClient(LoginPageContent);
