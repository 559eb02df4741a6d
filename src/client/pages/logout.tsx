import { Link } from "wouter";
import { LayoutDashboard, LogOut } from "lucide-react";
import { brand } from "@content/site";
import { clientLinks, signInLinks } from "@shared/deep-links";
import { Seo } from "@/components/seo";
import { Button } from "@/components/ui/button";

/**
 * /logout: where a sign-out link that did not come from this site lands (see GET /api/logout).
 * Signing out takes a click on this page: a plain form post, so it needs no script of ours, and
 * the server refuses the post from any other site.
 */
export function LogoutPage() {
  return (
    <>
      <Seo page="/logout" />
      <section className="bg-background">
        <div className="container-page flex min-h-[60vh] items-center justify-center py-16 sm:py-24">
          <div className="w-full max-w-md rounded-3xl border border-border bg-card p-6 text-center shadow-[0_1px_2px_rgb(0_0_0/0.04),0_24px_48px_-28px_rgb(0_0_0/0.35)] sm:p-10">
            <span
              className="mx-auto inline-flex size-12 items-center justify-center rounded-2xl border border-gold-500/30 bg-gold-500/10 text-accent"
              aria-hidden="true"
            >
              <LogOut className="size-6" />
            </span>
            <h1 className="mt-5 text-3xl font-semibold tracking-tight text-foreground">
              Sign out of {brand.name}?
            </h1>
            <p className="mt-3 leading-relaxed text-muted-foreground">
              You will need to sign in again to open your dashboard.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
              <form method="post" action={signInLinks.signOut()}>
                <Button type="submit" size="lg" className="w-full sm:w-auto">
                  <LogOut aria-hidden="true" />
                  Sign out
                </Button>
              </form>
              <Button asChild size="lg" variant="outline">
                <Link href={clientLinks.dashboard()}>
                  <LayoutDashboard aria-hidden="true" />
                  Stay signed in
                </Link>
              </Button>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}
