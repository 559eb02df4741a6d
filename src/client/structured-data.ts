import { brand, contact, openingHours, socialLinks } from "@content/site";

/**
 * The LocalBusiness description search engines read (schema.org JSON-LD). No review stars:
 * self-published ratings are ignored by search engines and may be penalised.
 */
export function localBusinessJsonLd(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    "@id": `${origin}/#business`,
    name: brand.name,
    description: brand.summary,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}/og-image.png`,
    email: contact.email,
    telephone: contact.phoneHref.replace(/^tel:/, ""),
    address: {
      "@type": "PostalAddress",
      streetAddress: contact.address.street,
      addressLocality: contact.address.city,
      addressRegion: contact.address.region,
      postalCode: contact.address.postalCode,
      addressCountry: contact.address.country,
    },
    areaServed: "Pacific Northwest",
    contactPoint: {
      "@type": "ContactPoint",
      contactType: "customer support",
      telephone: contact.phoneHref.replace(/^tel:/, ""),
      email: contact.email,
      availableLanguage: "English",
      hoursAvailable: {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
        opens: "00:00",
        closes: "23:59",
      },
    },
    openingHoursSpecification: openingHours.map((hours) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: hours.days,
      opens: hours.opens,
      closes: hours.closes,
    })),
    sameAs: socialLinks.map((link) => link.href).filter((href) => href.startsWith("http")),
  };
}

/** JSON-LD as a script body that cannot close its own <script> element. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
