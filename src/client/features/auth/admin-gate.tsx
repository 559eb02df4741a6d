import type { ReactNode } from "react";
import type { AuthUser } from "@shared/schemas/auth";
import { SignedOutNotice, StaffOnlyNotice } from "@/components/access-notices";
import { PageLoading } from "@/components/page-loading";
import { useAuth } from "@/lib/auth";

/** Renders the back office for staff only; everyone else gets a plain notice. */
export function AdminGate({ children }: { children: (user: AuthUser) => ReactNode }) {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageLoading />;
  if (!user) return <SignedOutNotice />;
  if (!user.isAdmin) return <StaffOnlyNotice />;
  return <>{children(user)}</>;
}
