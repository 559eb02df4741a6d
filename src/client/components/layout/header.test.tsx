import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryClient } from "@/lib/query-client";
import { Header } from "./header";

/** What GET /api/auth/user answers next; the response waits until `release` is called. */
let answer: { status: number; body: unknown } = { status: 401, body: { message: "Unauthorized" } };
let release: () => void = () => {};
let gate: Promise<void> = Promise.resolve();

let server: Server;
let origin: string;

function holdAuthAnswer() {
  gate = new Promise((resolve) => (release = resolve));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== "/api/auth/user") {
      res.writeHead(404).end();
      return;
    }
    void gate.then(() =>
      res
        .writeHead(answer.status, { "Content-Type": "application/json" })
        .end(JSON.stringify(answer.body)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  cleanup();
  queryClient.clear(); // the app's one client: each test starts with nothing known
  gate = Promise.resolve();
  document.cookie = "harborline.signed_in=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
});

/** The readable marker the server sets while a session may exist. */
function markSignedIn() {
  document.cookie = "harborline.signed_in=1; path=/";
}

/** Waits for the auth answer, so no request is left open when the test ends. */
async function authSettled() {
  await screen.findAllByRole("link", { name: /^(Log In|Dashboard)$/ });
}

function renderHeaderAt(path: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
    `${origin}${path}`,
  );
  return render(<Header />);
}

describe("Header", () => {
  it("knows a visitor who never signed in is signed out, without asking the server", async () => {
    answer = { status: 200, body: { id: "u1", email: "ada@example.com", firstName: "Ada" } };
    holdAuthAnswer();
    renderHeaderAt("/");
    // No marker cookie: Log In at once, although the held request would say signed in.
    expect(screen.getAllByRole("link", { name: "Log In" })[0]?.getAttribute("href")).toBe(
      "/api/login",
    );
    expect(screen.queryByText("Log Out")).toBeNull();
    release();
  });

  it("hides the auth buttons while loading, then shows Log In and Get Started when signed out", async () => {
    answer = { status: 401, body: { message: "Unauthorized" } };
    holdAuthAnswer();
    markSignedIn();
    renderHeaderAt("/");
    expect(screen.queryByText("Log In")).toBeNull();
    expect(screen.queryByText("Get Started")).toBeNull();

    await act(async () => release());
    const logIn = await screen.findAllByRole("link", { name: "Log In" });
    expect(logIn[0]?.getAttribute("href")).toBe("/api/login");
    const getStarted = screen.getAllByRole("link", { name: "Get Started" });
    expect(getStarted[0]?.getAttribute("href")).toBe("/pricing");
    expect(screen.queryByText("Log Out")).toBeNull();
  });

  it("shows Dashboard and Log Out when signed in", async () => {
    answer = { status: 200, body: { id: "u1", email: "ada@example.com", firstName: "Ada" } };
    markSignedIn();
    renderHeaderAt("/");
    const dashboard = await screen.findAllByRole("link", { name: "Dashboard" });
    expect(dashboard[0]?.getAttribute("href")).toBe("/dashboard");
    expect(screen.getAllByRole("link", { name: "Log Out" })[0]?.getAttribute("href")).toBe(
      "/api/logout",
    );
    expect(screen.queryByText("Log In")).toBeNull();
  });

  it("highlights the current page", async () => {
    renderHeaderAt("/services");
    const current = screen.getAllByRole("link", { current: "page" });
    expect(current.length).toBeGreaterThan(0);
    for (const link of current) expect(link.textContent).toBe("Services");
    await authSettled();
  });

  it("opens the mobile menu, closes it on Escape with focus back on the toggle", async () => {
    renderHeaderAt("/");
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(menu?.hidden).toBe(true);

    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.getAttribute("aria-label")).toBe("Close menu");
    expect(menu?.hidden).toBe(false);

    fireEvent.keyDown(document, { key: "Escape" });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(menu?.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
    await authSettled();
  });

  it("closes the mobile menu when an item is chosen", async () => {
    renderHeaderAt("/");
    await authSettled();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(toggle);
    const menu = document.getElementById(toggle.getAttribute("aria-controls") ?? "")!;
    const items = within(within(menu).getByRole("list"))
      .getAllByRole("link")
      .map((link) => link.textContent);
    expect(items).toEqual(["Home", "About", "Services", "Pricing", "Contact"]);

    fireEvent.click(within(menu).getByRole("link", { name: "About" }));
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    expect(window.location.pathname).toBe("/about");
  });
});
