import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { lazy, Suspense, type ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Link, Route, Router, Switch, useSearch } from "wouter";
import { TransitionLocation, useTransitionPath, useTransitionSearch } from "./transition-location";

/*
 * The app's routes read the address through TransitionLocation: what a visitor sees as they
 * follow a link to a view whose code has not arrived yet, and as the query string changes.
 */

afterEach(cleanup);

function Tab() {
  return <p>Tab: {new URLSearchParams(useSearch()).get("tab") ?? "none"}</p>;
}

function setup() {
  window.history.replaceState(null, "", "/");
  let arrive = () => {};
  const Slow = lazy(
    () =>
      new Promise<{ default: () => ReactNode }>((resolve) => {
        arrive = () => resolve({ default: () => <h1>Invoices</h1> });
      }),
  );
  render(
    <TransitionLocation>
      <Router hook={useTransitionPath} searchHook={useTransitionSearch}>
        <Link href="/invoices">Open invoices</Link>
        <Link href="/?tab=billing">Billing tab</Link>
        <Suspense fallback={<p>Loading...</p>}>
          <Switch>
            <Route path="/">
              <h1>Dashboard</h1>
              <Tab />
            </Route>
            <Route path="/invoices">
              <Slow />
            </Route>
          </Switch>
        </Suspense>
      </Router>
    </TransitionLocation>,
  );
  return { arrive: () => act(async () => arrive()) };
}

describe("TransitionLocation", () => {
  it("keeps the view on screen while the next one's code is on its way, then shows it", async () => {
    const { arrive } = setup();
    expect(screen.getByRole("heading").textContent).toBe("Dashboard");
    await act(async () => fireEvent.click(screen.getByText("Open invoices")));
    expect(window.location.pathname).toBe("/invoices");
    expect(screen.getByRole("heading").textContent).toBe("Dashboard");
    expect(screen.queryByText("Loading...")).toBeNull();
    await arrive();
    expect((await screen.findByRole("heading")).textContent).toBe("Invoices");
  });

  it("follows the query string and the browser's back button", async () => {
    setup();
    expect(screen.getByText("Tab: none")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByText("Billing tab")));
    expect(await screen.findByText("Tab: billing")).toBeTruthy();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(await screen.findByText("Tab: none")).toBeTruthy();
  });
});
