// @vitest-environment node
// Renders the whole app to HTML without a DOM, as the prerender step does.
import { describe, expect, it } from "vitest";
import { publicRoutes, type PublicRoute } from "@shared/routes";
import { renderPage } from "./entry-server";

async function render(route: PublicRoute | "not-found") {
  return (await renderPage(route, "https://harborline.example")).html;
}

describe("App on the server", () => {
  it.each(publicRoutes)("renders %s with one H1, the header and the footer", async (path) => {
    const html = await render(path);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('href="#main"');
    expect(html).toContain("All rights reserved.");
    expect(html).not.toContain("404 Page Not Found");
  });

  it("marks the current page in the navigation", async () => {
    const html = await render("/pricing");
    expect(html).toMatch(
      /<a[^>]*href="\/pricing"[^>]*aria-current="page"|<a[^>]*aria-current="page"[^>]*href="\/pricing"/,
    );
    expect(html.match(/aria-current="page"/g)).toHaveLength(2); // desktop and mobile menus
  });

  it("renders the home hero", async () => {
    expect(await render("/")).toContain("Custom Websites &amp; Apps for");
  });

  it("renders the not-found page for an unknown path", async () => {
    const html = await render("not-found");
    expect(html).toContain("404 Page Not Found");
    // Visitors are not told about routers: the seed's heading is the page's only message.
    expect(html).not.toContain("router");
  });

  it("hides the auth buttons while it cannot know who is signed in", async () => {
    const html = await render("/");
    expect(html).not.toContain("Log In");
    expect(html).not.toContain("Log Out");
  });
});
