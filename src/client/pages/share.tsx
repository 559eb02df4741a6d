import { useParams } from "wouter";
import { Seo } from "@/components/seo";
import { SharedViewPage } from "@/features/websites/shared-view";
import { withQueryClient } from "@/lib/query-client";

/**
 * /share/:token: a website's analytics as its owner shared them, read-only, for someone without
 * an account. Nothing of the portal: no header, no sign-in, no links into it.
 */
function SharePageContent() {
  const { token = "" } = useParams<{ token: string }>();
  return (
    <>
      <Seo page="/share" />
      <SharedViewPage token={token} />
    </>
  );
}

export const SharePage = withQueryClient(SharePageContent);
