import { Link, Route, Switch } from "wouter";
import { AdminGate } from "@/features/admin/access";
import { AdminNav } from "@/features/admin/admin-nav";
import { ClientDetailView } from "@/features/admin/client-detail";
import { ClientsView } from "@/features/admin/clients-list";
import { EmailsView } from "@/features/admin/emails-view";
import { LeadDetailView } from "@/features/admin/lead-detail";
import { LeadsInbox } from "@/features/admin/leads-inbox";
import { useDocumentTitle, ViewHeader } from "@/features/admin/parts";
import { TicketDetailView } from "@/features/admin/ticket-detail";
import { TicketQueue } from "@/features/admin/ticket-queue";
import { withQueryClient } from "@/lib/query-client";

function AdminNotFound() {
  useDocumentTitle("Not found");
  return (
    <ViewHeader
      title="Page not found"
      description={
        <>
          There is no back-office page at this address.{" "}
          <Link href="/" className="font-medium text-accent underline underline-offset-4">
            Go to the leads inbox
          </Link>
        </>
      }
    />
  );
}

/**
 * The back office at /admin, for staff only. Mounted as a nested route, so the paths below are
 * relative to /admin: /admin/leads/:kind/:id, /admin/clients/:id, /admin/tickets/:id, ...
 */
function AdminPageContent() {
  return (
    <AdminGate>
      {(user) => (
        <>
          <AdminNav user={user} />
          <div className="container-page py-8 sm:py-10">
            <Switch>
              <Route path="/" component={LeadsInbox} />
              <Route path="/leads/:kind/:id">
                {(params) => <LeadDetailView kind={params.kind} id={params.id} />}
              </Route>
              <Route path="/clients" component={ClientsView} />
              <Route path="/clients/:id">{(params) => <ClientDetailView id={params.id} />}</Route>
              <Route path="/tickets" component={TicketQueue} />
              <Route path="/tickets/:id">{(params) => <TicketDetailView id={params.id} />}</Route>
              <Route path="/emails" component={EmailsView} />
              <Route component={AdminNotFound} />
            </Switch>
          </div>
        </>
      )}
    </AdminGate>
  );
}

export const AdminPage = withQueryClient(AdminPageContent);
