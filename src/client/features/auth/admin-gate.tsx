import { useEffect, type ReactNode } from "react";
import { signInLinks } from "@shared/deep-links";
import type { AuthUser } from "@shared/schemas/auth";
import { SignedOutNotice, StaffOnlyNotice } from "@/components/access-notices";
import { PageLoading } from "@/components/page-loading";
import { useAuth } from "@/lib/auth";

/**
 * Renders the back office for staff only; everyone else gets a plain notice. Staff who have not
 * passed their second factor go to the verify page; staff with none see only `enrol`.
 */
export function AdminGate({
  children,
  enrol,
}: {
  children: (user: AuthUser) => ReactNode;
  enrol: ReactNode;
}) {
  const { user, isLoading, needsSecondFactor } = useAuth();
  useEffect(() => {
    if (!needsSecondFactor) return;
    const here = window.location.pathname + window.location.search;
    window.location.replace(signInLinks.verify(here));
  }, [needsSecondFactor]);
  if (isLoading || needsSecondFactor) return <PageLoading />;
  if (!user) return <SignedOutNotice />;
  if (!user.isAdmin) return <StaffOnlyNotice />;
  if (user.mustEnrol) return <div className="container-page py-10 sm:py-14">{enrol}</div>;
  return <>{children(user)}</>;
}
