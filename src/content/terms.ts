/**
 * The agency's terms, sent with every proposal: the client reads them above the accept button,
 * the proposal's PDF prints them, and its content hash covers them. A version keeps the terms it
 * was sent with, so editing them here changes what the next proposal sends, never what a client
 * already accepted. Keep them in step with the payment plan on the pricing page.
 */

export interface TermsSection {
  heading: string;
  /** Plain text, one paragraph each. */
  paragraphs: string[];
}

export const proposalTerms: TermsSection[] = [
  {
    heading: "Payment",
    paragraphs: [
      "The one-off price is paid in three parts: a 50% deposit, invoiced when you accept this proposal, which reserves your start date; 25% at mid-point, invoiced when Design & Development is done; and the last 25% on completion, invoiced when the project is finished.",
      "Invoices are due 14 days after they are issued. Each one says how to pay: by card, bank transfer or check. If an invoice is more than 30 days late, we may pause work until it is paid.",
      "Monthly plans, such as hosting and maintenance, are billed each month from launch. There is no minimum term: you can end a monthly plan at any time with 30 days' notice.",
    ],
  },
  {
    heading: "Changes to the scope",
    paragraphs: [
      "The price covers the scope and the lines in this proposal, with two rounds of changes to each design. If you ask for something beyond that, we tell you first what it costs and how it moves the timeline, and we start it only once you agree: as a new version of this proposal, or in writing.",
      "The dates we plan depend on your feedback and content arriving when agreed. If they come late, the dates move by as much.",
    ],
  },
  {
    heading: "Ownership",
    paragraphs: [
      "Once the project is paid in full, the design, content and code we make for you are yours. If you ever move on, we hand everything over and help with the transfer.",
      "Your own material (text, photos, logo) stays yours throughout. Fonts, photos, plugins and other software made by others stay under their own licences, which we choose so that you may use them on your site. We may show the finished site in our portfolio unless you ask us not to.",
    ],
  },
  {
    heading: "Cancellation",
    paragraphs: [
      "Either of us may end the project at any time by telling the other in writing. You pay for the work done up to that day: the deposit is kept, as it covers the time reserved for you and the discovery work, and work done beyond what was invoiced is billed at its share of the price.",
      "We then hand over everything you have paid for. If we end the project for a reason of our own, we refund what you paid for work not yet done.",
    ],
  },
];
