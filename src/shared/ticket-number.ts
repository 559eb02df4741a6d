/**
 * A ticket's short number, as emails and the portal show it: the first 8 characters of its id,
 * which are random and unique enough among one agency's tickets to find one by.
 */
export const ticketNumber = (id: string): string => `#${id.slice(0, 8).toUpperCase()}`;
