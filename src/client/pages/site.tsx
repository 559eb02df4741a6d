import { useParams } from "wouter";
import { PageLoading } from "@/components/page-loading";
import { Seo } from "@/components/seo";
import { useRedirectWhenSignedOut, useSignOutOn401 } from "@/features/auth/use-signed-out";
import { NoticeBell } from "@/features/notices/notice-bell";
import { useMembership } from "@/features/team/api";
import { SitePageView } from "@/features/websites/site-page";
import { useAuth } from "@/lib/auth";
import { withQueryClient } from "@/lib/query-client";

/** /dashboard/sites/:id: one of the signed-in client's websites, measured. */
function SitePageContent() {
  const { id = "" } = useParams<{ id: string }>();
  const { user, isLoading } = useAuth();
  useSignOutOn401();
  useRedirectWhenSignedOut(!isLoading && !user);
  const { data: membership } = useMembership();

  return (
    <>
      <Seo page="/dashboard" />
      {isLoading || !user ? (
        <PageLoading />
      ) : (
        <SitePageView websiteId={id} bell={<NoticeBell />} owner={membership?.role === "owner"} />
      )}
    </>
  );
}

export const SitePage = withQueryClient(SitePageContent);
