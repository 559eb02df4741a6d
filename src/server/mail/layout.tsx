import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { brand, contact } from "@content/site";
import type { QueuedEmail } from "./outbox";

/** The branded frame every email shares: inline styles only, as mail clients require. */
function EmailLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>{title}</title>
      </head>
      <body style={{ margin: 0, background: "#f5f3ee", fontFamily: "Arial, sans-serif" }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "32px 16px" }}>
                <table
                  role="presentation"
                  width="100%"
                  style={{ maxWidth: 560, background: "#ffffff", borderRadius: 8 }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          background: "#0b0b0c",
                          color: brand.color,
                          padding: "20px 28px",
                          fontSize: 20,
                          fontWeight: 700,
                          borderRadius: "8px 8px 0 0",
                        }}
                      >
                        {brand.name}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: 28, color: "#1c1c1e", fontSize: 15, lineHeight: 1.6 }}>
                        {children}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "16px 28px", color: "#6b6b70", fontSize: 12 }}>
                        {brand.name} · {contact.office} · {contact.phone} · {contact.email}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function renderEmailHtml(title: string, body: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(<EmailLayout title={title}>{body}</EmailLayout>)}`;
}

/** The plain-text part: the same words, with the brand's signature. */
export function emailText(lines: string[]): string {
  return [
    ...lines,
    "",
    "--",
    brand.name,
    `${contact.office} · ${contact.phone} · ${contact.email}`,
  ].join("\n");
}

export function ButtonLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      style={{
        display: "inline-block",
        background: brand.color,
        color: "#0b0b0c",
        padding: "12px 22px",
        borderRadius: 6,
        fontWeight: 700,
        textDecoration: "none",
      }}
    >
      {children}
    </a>
  );
}

/** An email of a few paragraphs and one button, the shape of every portal notice. */
/** The one button of an email: its words and where it goes (a deep link, made absolute). */
export type EmailAction = { label: string; href: string };

export function simpleEmail(
  kind: QueuedEmail["kind"],
  to: string,
  subject: string,
  paragraphs: string[],
  action: EmailAction,
  replyTo?: string,
): QueuedEmail {
  return {
    kind,
    to,
    ...(replyTo ? { replyTo } : {}),
    subject,
    html: renderEmailHtml(
      subject,
      <>
        {paragraphs.map((text, i) => (
          <p key={i} style={{ whiteSpace: "pre-wrap" }}>
            {text}
          </p>
        ))}
        <p>
          <ButtonLink href={action.href}>{action.label}</ButtonLink>
        </p>
      </>,
    ),
    text: emailText([
      ...paragraphs.flatMap((text) => [text, ""]),
      `${action.label}: ${action.href}`,
    ]),
  };
}
