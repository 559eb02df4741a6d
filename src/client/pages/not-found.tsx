import { Link } from "wouter";
import { ArrowLeft } from "lucide-react";
import { Seo } from "@/components/seo";
import { Button } from "@/components/ui/button";

export function NotFoundPage() {
  return (
    <>
      <Seo page="not-found" />
      <section className="bg-background">
        <div className="container-page flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
          <h1 className="text-3xl font-semibold tracking-tight text-foreground sm:text-4xl">
            404 Page Not Found
          </h1>
          <Button asChild size="lg" variant="secondary" className="mt-10">
            <Link href="/">
              <ArrowLeft aria-hidden="true" />
              Back to home
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
