import type { ReactNode } from "react";
import { socialLinks } from "@content/site";
import { SocialIcon } from "@/components/social-icon";

type SocialLink = (typeof socialLinks)[number];

/** The footer's social media links; `wrap` dresses each link (with a tooltip). */
export function SocialLinkList({
  wrap = (_social, link) => link,
}: {
  wrap?: (social: SocialLink, link: ReactNode) => ReactNode;
}) {
  return (
    <ul className="mt-6 flex gap-2" aria-label="Social media">
      {socialLinks.map((social) => (
        <li key={social.network}>
          {wrap(
            social,
            <a
              href={social.href}
              aria-label={social.label}
              className="inline-flex size-11 items-center justify-center rounded-full border border-white/15 text-ink-300 transition-colors hover:border-gold-500/60 hover:text-gold-400"
            >
              <SocialIcon network={social.network} />
            </a>,
          )}
        </li>
      ))}
    </ul>
  );
}
