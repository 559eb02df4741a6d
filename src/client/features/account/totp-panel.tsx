import { useId, useState } from "react";
import { ShieldCheck, Smartphone } from "lucide-react";
import type { Account } from "@shared/schemas/account";
import { Field, fieldAria } from "@/components/form-field";
import { Panel } from "@/components/panel";
import { Pill } from "@/components/pill";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { RecoveryCodes } from "./recovery-codes";
import { useRefreshAccount, useTotpConfirm, useTotpDisable, useTotpSetup } from "./api";
import { FormAlert, writeError } from "./panel-feedback";

/** The authenticator app (TOTP): set up with a QR code and a first code, or turn off. */
export function TotpPanel({ account }: { account: Account }) {
  const id = useId();
  const setup = useTotpSetup();
  const confirm = useTotpConfirm();
  const disable = useTotpDisable();
  const refresh = useRefreshAccount();
  const [code, setCode] = useState("");
  const [offCode, setOffCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <Panel title="Authenticator app" headingId={`${id}-title`}>
        <RecoveryCodes
          codes={codes}
          email={account.email}
          onDone={() => {
            setCodes(null);
            void refresh();
            setup.reset();
            confirm.reset();
            disable.reset();
          }}
        />
      </Panel>
    );
  }

  if (account.totpEnabled) {
    const offError = disable.error ? writeError(disable.error, "code") : undefined;
    return (
      <Panel
        title="Authenticator app"
        headingId={`${id}-title`}
        actions={<Pill tone="green">On</Pill>}
        description={`Codes from your app are asked for after the email link. ${account.recoveryCodesLeft} of 10 recovery codes left.`}
      >
        <form
          noValidate
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            disable.mutate(offCode.replace(/\s/g, ""), { onSuccess: () => setOffCode("") });
          }}
        >
          <Field
            id={`${id}-off`}
            label="Current code, to turn it off"
            error={offError}
            className="sm:max-w-xs sm:flex-1"
          >
            <Input
              {...fieldAria(`${id}-off`, offError)}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={offCode}
              onChange={(event) => setOffCode(event.target.value)}
            />
          </Field>
          <Button type="submit" variant="destructive-outline" disabled={disable.isPending}>
            Turn off
          </Button>
        </form>
      </Panel>
    );
  }

  const confirmError = confirm.error ? writeError(confirm.error, "code") : undefined;
  return (
    <Panel
      title="Authenticator app"
      headingId={`${id}-title`}
      actions={<Pill tone="neutral">Off</Pill>}
      description="A 6-digit code from an app such as Google Authenticator, 1Password or Authy."
    >
      {!setup.data ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert>{setup.error ? writeError(setup.error) : null}</FormAlert>
          <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
            <Smartphone aria-hidden="true" />
            Set up an authenticator app
          </Button>
        </div>
      ) : (
        <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
          <div
            className="mx-auto size-44 rounded-xl border border-border bg-white p-2 [&_svg]:size-full"
            role="img"
            aria-label="QR code to scan with your authenticator app"
            dangerouslySetInnerHTML={{ __html: setup.data.qrSvg }}
          />
          <form
            noValidate
            className="flex min-w-0 flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              confirm.mutate(code, {
                onSuccess: (result) => {
                  setCode("");
                  setCodes(result.recoveryCodes);
                },
              });
            }}
          >
            <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
              <li>Scan the QR code with your authenticator app.</li>
              <li>Type the 6-digit code it shows.</li>
            </ol>
            <div className="text-sm">
              <p className="text-muted-foreground">Cannot scan? Enter this setup key:</p>
              <p
                data-testid="totp-secret"
                className="mt-1 font-mono text-sm break-all text-foreground select-all"
              >
                {setup.data.secret}
              </p>
            </div>
            <Field id={`${id}-code`} label="6-digit code" error={confirmError}>
              <Input
                {...fieldAria(`${id}-code`, confirmError)}
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                className="sm:max-w-xs"
              />
            </Field>
            <div>
              <Button type="submit" disabled={confirm.isPending}>
                <ShieldCheck aria-hidden="true" />
                Turn on
              </Button>
            </div>
          </form>
        </div>
      )}
    </Panel>
  );
}
