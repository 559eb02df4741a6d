import { brand } from "@content/site";
import { ButtonLink, emailText, renderEmailHtml } from "../layout";

export function signInLinkEmail({ link, minutes }: { link: string; minutes: number }) {
  const subject = `Your ${brand.name} sign-in link`;
  return {
    subject,
    html: renderEmailHtml(
      subject,
      <>
        <p>Here is your link to sign in to the {brand.name} client portal.</p>
        <p>
          <ButtonLink href={link}>Sign in to {brand.name}</ButtonLink>
        </p>
        <p>
          It works once and expires in {minutes} minutes. If you did not ask for it, ignore this
          email: nobody can sign in without the link.
        </p>
      </>,
    ),
    text: emailText([
      `Here is your link to sign in to the ${brand.name} client portal:`,
      "",
      link,
      "",
      `It works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email: nobody can sign in without the link.`,
    ]),
  };
}
