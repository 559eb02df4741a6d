import { useId, useState, type FormEvent } from "react";
import { AlertCircle, Loader2, ShieldCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError, apiRequest } from "@/lib/api";

/**
 * The second-factor step: the 6-digit code of the authenticator app, or one of the recovery
 * codes (each works once). The server counts wrong codes and refuses more for a while.
 */
export function SecondFactorForm({ returnTo }: { returnTo: string | undefined }) {
  const id = useId();
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const codeId = `${id}-code`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!code.trim()) {
      setError(
        recovery ? "Enter one of your recovery codes." : "Enter the 6-digit code from your app.",
      );
      return;
    }
    setPending(true);
    setError(null);
    try {
      const res = await apiRequest("POST", "/api/login/second-factor", { code, returnTo });
      const { redirectTo } = (await res.json()) as { redirectTo: string };
      window.location.assign(redirectTo);
    } catch (caught) {
      setError(
        caught instanceof ApiError && caught.json?.message
          ? caught.json.message
          : "We could not check the code just now. Try again.",
      );
      setPending(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <Label htmlFor={codeId}>
          {recovery ? "Recovery code" : "Code from your authenticator app"}
        </Label>
        <Input
          id={codeId}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          inputMode={recovery ? "text" : "numeric"}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          placeholder={recovery ? "xxxxx-xxxxx" : "123456"}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${codeId}-error` : undefined}
          className="h-12 font-mono text-lg tracking-[0.2em]"
        />
        {error && (
          <p
            id={`${codeId}-error`}
            role="alert"
            className="flex items-start gap-1.5 text-sm font-medium text-destructive"
          >
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {error}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? (
          <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <ShieldCheck aria-hidden="true" />
        )}
        Verify
      </Button>
      <button
        type="button"
        className="inline-flex min-h-6 self-start text-sm font-medium text-accent underline underline-offset-4"
        onClick={() => {
          setRecovery(!recovery);
          setCode("");
          setError(null);
        }}
      >
        {recovery ? "Use a code from your app instead" : "Use a recovery code instead"}
      </button>
    </form>
  );
}
