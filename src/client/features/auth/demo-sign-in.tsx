import { useState } from "react";
import { useLocation } from "wouter";
import { Briefcase, Info, Loader2, ShieldCheck } from "lucide-react";
import { homePath } from "@shared/deep-links";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api";
import { useDemoSignIn } from "./api";
import { demoUnavailableMessage } from "./messages";

/**
 * One-click demo accounts. The route exists only outside production and the same bundle runs in
 * both, so the buttons are shown until the server answers 404, then replaced by a short note.
 */
export function DemoSignIn({ returnTo }: { returnTo: string | undefined }) {
  const [, navigate] = useLocation();
  const mutation = useDemoSignIn();
  const [unavailable, setUnavailable] = useState(false);

  if (unavailable) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Info className="size-4 shrink-0" aria-hidden="true" />
        {demoUnavailableMessage}
      </p>
    );
  }

  const signIn = (as: "client" | "admin") => {
    if (mutation.isPending) return;
    mutation.mutate(as, {
      onSuccess: (user) => {
        const target = returnTo ?? homePath(user);
        // API paths are server navigations; app pages open without a reload.
        if (target.startsWith("/api/")) window.location.assign(target);
        else navigate(target);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          setUnavailable(true);
          return;
        }
        toast({
          variant: "destructive",
          title: "Error",
          description: "Demo sign-in failed. Please try again.",
        });
      },
    });
  };

  const pendingAs = mutation.isPending ? mutation.variables : undefined;

  return (
    <div className="grid gap-3">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        aria-disabled={mutation.isPending || undefined}
        onClick={() => signIn("client")}
      >
        {pendingAs === "client" ? (
          <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <Briefcase aria-hidden="true" />
        )}
        Sign in as demo client
      </Button>
      <Button
        type="button"
        variant="outline"
        className="w-full"
        aria-disabled={mutation.isPending || undefined}
        onClick={() => signIn("admin")}
      >
        {pendingAs === "admin" ? (
          <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <ShieldCheck aria-hidden="true" />
        )}
        Sign in as demo admin
      </Button>
    </div>
  );
}
