import { useState } from "react";
import { FileText } from "lucide-react";
import type { OutboxEmail } from "@shared/schemas/emails";
import { Modal } from "@/components/modal";
import { Button } from "@/components/ui/button";

const links = /(https?:\/\/[^\s<>"]+)/g;

/** The text with its web addresses as links, so an evaluator can follow one. */
function LinkedText({ text }: { text: string }) {
  return (
    <>
      {text.split(links).map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="break-all text-accent underline underline-offset-2">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * An email's text in a dialog. The server sends the text outside production only (evaluation,
 * development), so the button shows only then.
 */
export function EmailTextButton({ email }: { email: OutboxEmail }) {
  const [open, setOpen] = useState(false);
  if (email.text === undefined) return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        aria-label={`Show the text of “${email.subject}”`}
        onClick={() => setOpen(true)}
      >
        <FileText aria-hidden="true" />
        Show text
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        size="wide"
        title={email.subject}
        description={`To ${email.to}. Shown outside production only.`}
      >
        <pre className="mt-2 rounded-lg border border-border bg-muted/40 p-4 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-foreground">
          <LinkedText text={email.text} />
        </pre>
      </Modal>
    </>
  );
}
