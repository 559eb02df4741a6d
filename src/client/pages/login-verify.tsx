import { useEffect } from "react";
import { useSearch } from "wouter";
import { LogOut, ShieldCheck } from "lucide-react";
import { brand } from "@content/site";
import { homePath, parseSignIn, signInLinks } from "@shared/deep-links";
import { PageLoading } from "@/components/page-loading";
import { PasskeySignIn } from "@/features/auth/passkey-sign-in";
import { SecondFactorForm } from "@/features/auth/second-factor-form";
import { useAuth } from "@/lib/auth";
import { withQueryClient } from "@/lib/query-client";

/**
 * /login/verify: after the email link or the provider, a user with a second factor passes it
 * here (a code from the app, a recovery code or a passkey), then goes on to where they were going.
 */
function LoginVerifyContent() {
  const { returnTo } = parseSignIn(useSearch(), window.location.origin);
  const { user, isLoading, needsSecondFactor } = useAuth();

  useEffect(() => {
    document.title = `Verify it's you | ${brand.name}`;
  }, []);
  // Nothing to verify: signed in already (go on) or signed out (sign in first).
  useEffect(() => {
    if (isLoading || needsSecondFactor) return;
    if (user) window.location.replace(returnTo ?? homePath(user));
    else window.location.replace(signInLinks.page(returnTo));
  }, [isLoading, needsSecondFactor, user, returnTo]);

  if (isLoading || !needsSecondFactor) return <PageLoading />;
  return (
    <section className="relative isolate overflow-hidden bg-background">
      <div
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-[radial-gradient(ellipse_60%_100%_at_50%_0%,rgb(212_175_55/0.16),transparent)]"
        aria-hidden="true"
      />
      <div className="container-page flex justify-center py-10 sm:py-16 lg:py-20">
        <div className="w-full max-w-md rounded-3xl border border-border bg-card p-6 shadow-[0_1px_2px_rgb(0_0_0/0.04),0_24px_48px_-28px_rgb(0_0_0/0.35)] sm:p-10">
          <span className="flex size-12 items-center justify-center rounded-2xl bg-ink-950 text-gold-400">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-5 text-3xl font-semibold tracking-tight text-foreground">
            Verify it&apos;s you
          </h1>
          <p className="mt-3 leading-relaxed text-muted-foreground">
            Your account has a second factor. Enter the code from your authenticator app, or use a
            passkey.
          </p>
          <div className="mt-8 flex flex-col gap-6">
            <SecondFactorForm returnTo={returnTo} />
            <div className="flex items-center gap-3 text-xs tracking-[0.14em] text-muted-foreground uppercase">
              <span className="h-px flex-1 bg-border" aria-hidden="true" />
              or
              <span className="h-px flex-1 bg-border" aria-hidden="true" />
            </div>
            <PasskeySignIn returnTo={returnTo} label="Use a passkey" />
          </div>
          <p className="mt-8 border-t border-border pt-6 text-sm text-muted-foreground">
            Not you, or no way to verify?{" "}
            <a
              href={signInLinks.signOut()}
              className="inline-flex min-h-6 items-center gap-1 font-semibold text-foreground underline underline-offset-4"
            >
              <LogOut className="size-3.5" aria-hidden="true" />
              Log out
            </a>{" "}
            and call us.
          </p>
        </div>
      </div>
    </section>
  );
}

export const LoginVerifyPage = withQueryClient(LoginVerifyContent);
