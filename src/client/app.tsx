import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { Route, Router, Switch } from "wouter";
import { publicRoutes, staticContentRoutes, type PublicRoute } from "@shared/routes";
import { SiteLayout } from "@/components/layout/site-layout";
import { PageLoading } from "@/components/page-loading";
import { Prerendered } from "@/components/prerendered";
import { useToast } from "@/components/ui/use-toast";
import { markPageReady } from "@/lib/page-ready";
import {
  TransitionLocation,
  useTransitionPath,
  useTransitionSearch,
} from "@/lib/transition-location";
import { useIdle } from "@/lib/use-idle";
import { NotFoundPage } from "@/pages/not-found";

/** Marks the page live once its part of the tree has committed (see lib/page-ready). */
function PageReady() {
  useEffect(markPageReady, []);
  return null;
}

/**
 * A page whose code is its own file, fetched when the page is first shown: a visitor to the home
 * page downloads neither the forms nor the portal. A prerendered page keeps its server HTML
 * until its code arrives (the prerender preloads it), so nothing flashes.
 */
function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
        <PageReady />
      </Suspense>
    );
  };
}

/**
 * A page with nothing interactive on it. Rendered on the server (and after a move within the site)
 * from its code, as usual. On the visit that lands on it, React adopts the prerendered HTML as it
 * is (see Prerendered), so the header and footer around it hydrate while the page's own code is
 * never fetched. Its links are plain links meanwhile: each leads to a prerendered page.
 */
function staticContentPage(Page: ComponentType): ComponentType {
  return function StaticContentPage() {
    useEffect(() => markPageReady(), []);
    return (
      <Prerendered name="static-content">
        <Page />
      </Prerendered>
    );
  };
}

// The prerender step finds each public page's file as pages/<route name, or "home">.tsx.
const pageLoaders: Record<PublicRoute, () => Promise<ComponentType>> = {
  "/": () => import("@/pages/home").then((m) => m.HomePage),
  "/about": () => import("@/pages/about").then((m) => m.AboutPage),
  "/services": () => import("@/pages/services").then((m) => m.ServicesPage),
  "/pricing": () => import("@/pages/pricing").then((m) => m.PricingPage),
  "/contact": () => import("@/pages/contact").then((m) => m.ContactPage),
  "/apply": () => import("@/pages/apply").then((m) => m.ApplyPage),
  "/book": () => import("@/pages/book").then((m) => m.BookPage),
};
const publicPages = Object.fromEntries(
  publicRoutes.map((route) => {
    const Page = lazyPage(pageLoaders[route]);
    return [route, staticContentRoutes.includes(route) ? staticContentPage(Page) : Page];
  }),
) as Record<PublicRoute, ComponentType>;
const DashboardRoute = lazyPage(() => import("@/pages/dashboard").then((m) => m.DashboardPage));
const SiteRoute = lazyPage(() => import("@/pages/site").then((m) => m.SitePage));
const AccountRoute = lazyPage(() => import("@/pages/account").then((m) => m.AccountPage));
const LoginVerifyRoute = lazyPage(() =>
  import("@/pages/login-verify").then((m) => m.LoginVerifyPage),
);
const LoginRoute = lazyPage(() => import("@/pages/login").then((m) => m.LoginPage));
const LogoutRoute = lazyPage(() => import("@/pages/logout").then((m) => m.LogoutPage));
const AdminRoute = lazyPage(() => import("@/pages/admin").then((m) => m.AdminPage));
const ShareRoute = lazyPage(() => import("@/pages/share").then((m) => m.SharePage));
const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

/**
 * The toasts, once the browser is idle or a toast is raised, whichever comes first: Radix Toast
 * is never fetched in competition with the page. A toast raised before it arrives waits in the
 * toast store and shows once it has.
 */
function DeferredToaster() {
  const idle = useIdle();
  const { toasts } = useToast();
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

function AppRoutes() {
  return (
    <Switch>
      {publicRoutes.map((path) => (
        <Route key={path} path={path} component={publicPages[path]} />
      ))}
      <Route path="/dashboard" component={DashboardRoute} />
      <Route path="/dashboard/sites/:id" component={SiteRoute} />
      <Route path="/account" component={AccountRoute} />
      <Route path="/login" component={LoginRoute} />
      <Route path="/login/verify" component={LoginVerifyRoute} />
      <Route path="/logout" component={LogoutRoute} />
      <Route path="/admin" nest component={AdminRoute} />
      <Route path="/share/:token" component={ShareRoute} />
      <Route>
        <NotFoundPage />
        <PageReady />
      </Route>
    </Switch>
  );
}

interface AppProps {
  /** The path to render on the server (prerender); the browser reads its own location. */
  ssrPath?: string;
}

/**
 * Layout, the route table and the toasts. Renders on the server too: no window access here.
 * The pages that fetch bring their own query client (withQueryClient).
 */
export function App({ ssrPath }: AppProps) {
  return (
    <>
      <TransitionLocation ssrPath={ssrPath}>
        <Router ssrPath={ssrPath} hook={useTransitionPath} searchHook={useTransitionSearch}>
          <SiteLayout>
            <AppRoutes />
          </SiteLayout>
        </Router>
      </TransitionLocation>
      <DeferredToaster />
    </>
  );
}
