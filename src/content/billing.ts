import { brand, contact } from "./site";

/**
 * How clients pay an invoice without a card: shown on invoices (portal, PDF, email) when Stripe
 * is not set up.
 */
// PLACEHOLDER bank details: the routing number is the Federal Reserve's documentation example
// and the account number is made up. Replace them with the agency's own before going live.
export const offlinePayment = {
  bankTransfer: [
    { label: "Bank", value: "Harbor Community Bank" },
    { label: "Account name", value: `${brand.name} LLC` },
    { label: "Routing number (ACH)", value: "011000015" },
    { label: "Account number", value: "000123456789" },
  ],
  check: {
    payableTo: `${brand.name} LLC`,
    address: `${contact.address.street}, ${contact.address.city}, ${contact.address.region} ${contact.address.postalCode}`,
  },
};

/** What every invoice asks of the client, under its lines. */
export const invoiceTerms =
  "Please quote the invoice number with your payment. Questions about an invoice? Reply to its email or open a support ticket.";

/** Invoice numbers read `<prefix>-<year>-<sequence>`: HL-2026-0001. */
export const invoicePrefix = "HL";

/** Credit notes (a refund's document) read `<prefix>-<year>-<sequence>`: CN-2026-0001. */
export const creditNotePrefix = "CN";
