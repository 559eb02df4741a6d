import { useEffect, useRef } from "react";
import { Check, Download } from "lucide-react";
import { brand } from "@content/site";
import { CopyButton } from "@/components/copy-button";
import { Button } from "@/components/ui/button";

/** The downloaded file's name, after the brand: harborline-recovery-codes.txt. */
export const recoveryCodesFile = `${brand.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-recovery-codes.txt`;

/** The codes as the copied text and the downloaded file hold them: one a line. */
export function recoveryCodesText(codes: string[], email?: string) {
  return [
    `${brand.name} recovery codes${email ? ` for ${email}` : ""}`,
    "Each code works once, in place of a code from your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = recoveryCodesFile;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * The recovery codes, shown once after the authenticator app is turned on: one column, to copy
 * or download as a text file, then dismissed.
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email?: string;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = recoveryCodesText(codes, email);
  return (
    <div className="rounded-2xl border border-gold-500/40 bg-gold-500/5 p-5">
      <h3 ref={heading} tabIndex={-1} className="font-sans text-base font-semibold text-foreground">
        Save your recovery codes
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Each code works once if you lose your phone. They are shown only now: download them, or copy
        them into a password manager.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-4 flex w-max max-w-full flex-col gap-1.5 font-mono text-sm"
      >
        {codes.map((item) => (
          <li
            key={item}
            className="rounded-lg border border-border bg-card px-3 py-1.5 whitespace-nowrap"
          >
            {item}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <CopyButton text={text} label="Copy codes" />
        <Button type="button" variant="outline" size="sm" onClick={() => download(text)}>
          <Download aria-hidden="true" />
          Download .txt
        </Button>
      </div>
      <Button className="mt-5" onClick={onDone}>
        <Check aria-hidden="true" />I have saved my codes
      </Button>
    </div>
  );
}
