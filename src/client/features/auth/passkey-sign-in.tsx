import { useEffect, useState } from "react";
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
} from "@simplewebauthn/browser";
import { AlertCircle, KeyRound, Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ApiError, apiRequest } from "@/lib/api";

type Options = Parameters<typeof startAuthentication>[0]["optionsJSON"];

/** Asks the server for a challenge, lets the browser answer it, and sends the answer back. */
async function passkeyCeremony(
  returnTo: string | undefined,
  autofill: boolean,
  signal?: AbortSignal,
) {
  const options = (await (
    await apiRequest("POST", "/api/login/passkey/options", undefined, signal)
  ).json()) as Options;
  const response = await startAuthentication({
    optionsJSON: options,
    useBrowserAutofill: autofill,
  });
  const res = await apiRequest("POST", "/api/login/passkey", { response, returnTo });
  return ((await res.json()) as { redirectTo: string }).redirectTo;
}

function failureMessage(error: unknown): string | null {
  if (error instanceof ApiError) {
    return error.json?.message ?? "Your passkey could not be checked. Try again.";
  }
  if (error instanceof Error && error.name === "AbortError") return null;
  if (error instanceof Error && error.name === "NotAllowedError") {
    return "The passkey request was cancelled or timed out. Try again.";
  }
  return "Your passkey could not be used here. Try again, or use another way.";
}

/**
 * "Sign in with a passkey" (on /login) or "Use a passkey" (the second-factor step). On /login it
 * also offers passkeys in the email field's autofill where the browser supports it.
 */
export function PasskeySignIn({
  returnTo,
  label = "Sign in with a passkey",
  autofill = false,
  variant = "outline",
}: {
  returnTo: string | undefined;
  label?: string;
  autofill?: boolean;
  variant?: "outline" | "default";
}) {
  // The portal's pages render in the browser only (never prerendered).
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!autofill) return;
    // Leaving the page cancels the offer as the navigation starts, not when the next page
    // arrives: a sign-in elsewhere (the provider's redirects) can set its session cookie in
    // between, and the offer's answer, which carries a new session's cookie, would replace it.
    const offer = new AbortController();
    const cancel = () => offer.abort();
    window.addEventListener("beforeunload", cancel);
    void browserSupportsWebAuthnAutofill().then(async (yes) => {
      if (!yes || offer.signal.aborted) return;
      try {
        window.location.assign(await passkeyCeremony(returnTo, true, offer.signal));
      } catch (caught) {
        // An autofill request is cancelled whenever the button starts one: that is no error.
        if (!offer.signal.aborted && caught instanceof ApiError) setError(failureMessage(caught));
      }
    });
    return () => {
      window.removeEventListener("beforeunload", cancel);
      offer.abort();
    };
  }, [autofill, returnTo]);

  if (!supported) return null;
  return (
    <div className="flex flex-col gap-3">
      <Button
        type="button"
        size="lg"
        variant={variant}
        disabled={pending}
        onClick={async () => {
          setPending(true);
          setError(null);
          try {
            window.location.assign(await passkeyCeremony(returnTo, false));
          } catch (caught) {
            setError(failureMessage(caught));
            setPending(false);
          }
        }}
      >
        {pending ? (
          <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <KeyRound aria-hidden="true" />
        )}
        {label}
      </Button>
      {error && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {error}
        </p>
      )}
    </div>
  );
}
