import { Link } from "wouter";
import { backOfficePaths } from "@shared/deep-links";

/** A link to a client company's page in the back office (a ticket names its company). */
export function ClientPageLink({ companyId }: { companyId: string }) {
  return (
    <Link
      href={backOfficePaths.client(companyId)}
      className="mt-2 inline-flex min-h-6 items-center text-sm font-medium text-accent underline underline-offset-4"
    >
      Open client page
    </Link>
  );
}
