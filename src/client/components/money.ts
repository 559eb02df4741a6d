/*
 * Money as staff type it (proposals, invoices, plans) and as the pricing catalogue writes it,
 * turned into integer cents by reading the digits: no floating point, so "0.29" is 29 cents and
 * never 28.999...
 */

/** The most dollars a price field takes: $10,000,000.00 (the shared schema's limit). */
const MAX_CENTS = 1_000_000_000;

/**
 * A dollar amount typed in a field as integer cents: "2000" -> 200000, "$2,499.5" -> 249950,
 * "0.29" -> 29. Commas, a leading "$" and spaces are allowed; more than two decimals, a minus
 * sign, or anything else is not, and gives null. So does an amount above $10,000,000.
 */
export function dollarsToCents(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\$\s*/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!match) return null;
  const whole = match[1] ?? "";
  const fraction = (match[2] ?? "").padEnd(2, "0");
  if (whole.length > 9) return null;
  const cents = Number(whole || "0") * 100 + Number(fraction);
  return cents <= MAX_CENTS ? cents : null;
}

/** Cents as the text of a dollar field: 200000 -> "2000", 249950 -> "2499.50". */
export function centsToDollarText(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

/**
 * The first figure of a catalogue price, in cents: "$2,000 - $4,000" -> 200000,
 * "$40 - $400+" -> 4000, "$12,000+" -> 1200000. Null when the text has no dollar figure.
 */
export function parseCataloguePrice(price: string): number | null {
  const figure = /\$\s*(\d[\d,]*(?:\.\d{1,2})?)/.exec(price);
  return figure?.[1] ? dollarsToCents(figure[1]) : null;
}

/** A whole quantity typed in a field, or null: "3" -> 3, "2.5" or "" -> null. */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : null;
}
