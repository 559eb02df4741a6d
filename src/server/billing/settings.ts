/** What invoices need of the settings: links, the agency's inbox, tax, whether cards are taken. */
export type BillingSettings = {
  publicUrl: string;
  agencyInbox: string;
  taxRatePpm: number;
  cardsAccepted: boolean;
};

/** What a billing read or write is given besides its input: the settings, and its moment. */
export type BillingOptions = { settings: BillingSettings; now?: Date };
