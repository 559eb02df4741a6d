import { Link } from "wouter";
import { Mail, Phone } from "lucide-react";
import { brand, contact } from "@content/site";
import { LogoMark } from "@/components/logo";

const linkClass =
  "inline-flex min-h-11 items-center gap-2 rounded transition-colors hover:text-foreground sm:min-h-8";

/** The portal's footer: one line with the brand and how to reach support, no marketing. */
export function SlimFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-border">
      <div className="container-page flex flex-col gap-3 py-5 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2.5">
          <Link href="/" aria-label={`${brand.name} home`} className="-m-1 rounded-full p-1">
            <LogoMark size="sm" />
          </Link>
          <span>
            © {year} {brand.name}
          </span>
        </p>
        <ul className="flex flex-wrap items-center gap-x-5">
          <li>Support: {contact.supportHours}</li>
          <li>
            <a href={contact.emailHref} className={linkClass}>
              <Mail className="size-4" aria-hidden="true" />
              {contact.email}
            </a>
          </li>
          <li>
            <a href={contact.phoneHref} className={linkClass}>
              <Phone className="size-4" aria-hidden="true" />
              {contact.phone}
            </a>
          </li>
        </ul>
      </div>
    </footer>
  );
}
