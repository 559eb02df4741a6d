import { Link } from "wouter";
import { useClients } from "./api";

/**
 * A link to the client's page in the back office, found by their email (a ticket names no
 * client id); until the account is found, a search of the clients list for that email.
 */
export function ClientPageLink({ email }: { email: string }) {
  const { data: matches } = useClients(email);
  const account = matches?.find((client) => client.email === email);
  return (
    <Link
      href={account ? `/clients/${account.id}` : `/clients?q=${encodeURIComponent(email)}`}
      className="mt-2 inline-flex min-h-6 items-center text-sm font-medium text-accent underline underline-offset-4"
    >
      {account ? "Open client page" : "Find in clients"}
    </Link>
  );
}
