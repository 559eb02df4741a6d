import type { APIRequestContext, Page } from "@playwright/test";
import { brand } from "../../src/content/site";
import { dashboardPath, staffLinks } from "../../src/shared/deep-links";
import { formatMonth } from "../../src/shared/format";
import { addMonthsTo, dayInZone, monthOfDay } from "../../src/shared/work-time";
import { pdfText } from "../support/pdf";
import { wcagViolations } from "./support/axe";
import { expect, test } from "./support/fixtures";

/*
 * Issue 34's monthly care reports in the browser: the portal's Reports tab lists the demo's three
 * archived reports and opens their PDFs; staff preview a client's report of any ended month, add
 * a note that goes on top, send it again, and find the note in the PDF. Both screens pass axe at
 * 375 and 1280 px and fit a phone's width. Staff send only the demo's archived months, so the
 * Reports tab keeps its three reports whatever runs beside it.
 */

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The agency's month now, and the three before it that the demo has archived, newest first. */
const thisMonth = monthOfDay(dayInZone(new Date(), brand.timeZone));
const archivedMonths = [1, 2, 3].map((back) => addMonthsTo(thisMonth, -back));

async function demoClientId(request: APIRequestContext) {
  const clients = await request.get("/api/admin/clients?q=demo%40example.com");
  const [demo] = (await clients.json()) as { id: string }[];
  return demo!.id;
}

/** axe's verdict at both widths, and no sideways scrolling on a phone. */
async function passesAxeAtBothWidths(page: Page, ready: () => Promise<void>) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await ready();
    expect(await wcagViolations(page), `${page.url()} at ${width} px`).toEqual([]);
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${page.url()} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
}

/** A PDF link's file: answered as a PDF, and its text. */
async function openPdf(request: APIRequestContext, href: string) {
  const response = await request.get(href);
  expect(response.status(), href).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/pdf");
  const bytes = await response.body();
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return (await pdfText(bytes)).replace(/\s+/g, " ");
}

test("the Reports tab lists the demo's three archived reports and opens their PDFs", async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  await signIn("client");
  await page.goto(dashboardPath({ tab: "reports" }));
  await expect(page.getByRole("tab", { name: "Reports" })).toHaveAttribute("aria-selected", "true");
  const reports = page.getByRole("region", { name: "Reports" });
  const links = reports.getByRole("link", { name: /^Care report, / });
  // Newest first.
  await expect(links).toHaveText(
    archivedMonths.map((month) => `Care report, ${formatMonth(month)}`),
  );

  for (const [index, month] of archivedMonths.entries()) {
    const href = await links.nth(index).getAttribute("href");
    const text = await openPdf(page.request, href!);
    expect(text).toContain(`Care report, ${formatMonth(month)}`);
    expect(text).toContain("Rivera Bakery");
  }

  await passesAxeAtBothWidths(page, () => expect(links).toHaveCount(3));
});

test("staff preview a month's report, add a note, send it again, and the note is in the PDF", async ({
  page,
  signIn,
  apiSignedInAs,
}) => {
  test.setTimeout(90_000);
  await signIn("admin");
  const clientId = await demoClientId(page.request);

  // From the client's page; the last month that ended opens first.
  await page.goto(staffLinks.client(clientId));
  await page.getByRole("link", { name: "Monthly reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Monthly report" })).toBeVisible();
  const picker = page.getByLabel("Month", { exact: true });
  await expect(picker).toHaveValue(archivedMonths[0]!);
  // Only months that have ended are offered.
  await expect(picker.locator(`option[value="${thisMonth}"]`)).toHaveCount(0);

  // Another month, through the picker (its address keeps it).
  const month = archivedMonths[1]!;
  await picker.selectOption(month);
  await expect(page).toHaveURL(new RegExp(`/reports\\?month=${month}$`));
  const report = page.getByRole("article", { name: formatMonth(month) });
  await expect(report.getByText("Prepared for Rivera Bakery")).toBeVisible();
  await expect(report.getByRole("heading", { name: "riverabakery.example" })).toBeVisible();
  await expect(report.getByRole("heading", { name: "Hours", exact: true })).toBeVisible();

  // The note shows at the top of the preview as it is written.
  const note = `Thank you for a calm month, Jordan. Ref ${unique()}`;
  const send = page.getByRole("form", { name: "Send the report" });
  await send.getByLabel("A note from you (optional)").fill(note);
  const onTop = report.getByRole("region", { name: "A note from the team" });
  await expect(onTop).toContainText(note);

  await send.getByRole("button", { name: "Send the report again" }).click();
  await expect(send.getByRole("status")).toHaveText(
    "Emailed to the owners of Rivera Bakery, with the PDF attached.",
  );
  await expect(page.getByRole("region", { name: "Send to the client" })).toContainText("Emailed");

  // The PDF has the note at its top, before the first site.
  const href = await send.getByRole("link", { name: "Open the PDF" }).getAttribute("href");
  const text = await openPdf(page.request, href!);
  expect(text).toContain(`A note from the team ${note}`);
  expect(text.indexOf(note)).toBeLessThan(text.indexOf("riverabakery.example"));
  // The preview's figures are the PDF's, in the same words.
  const site = report.getByRole("region", { name: "riverabakery.example" });
  for (const label of ["Uptime", "Response time", "Visitors", "Page views"]) {
    const figure = await site.locator(`dt:text-is("${label}") + dd`).textContent();
    expect(text, label).toContain(figure!.trim());
  }
  // Its speed and goals too: a desktop LCP figure and a goal the PDF also names.
  const speed = site.getByRole("table", { name: /^Speed on desktop/ });
  const lcp = await speed
    .getByRole("row", { name: /^LCP/ })
    .getByRole("cell")
    .first()
    .textContent();
  expect(text, "desktop LCP").toContain(lcp!.trim());
  const goals = site.getByRole("table", { name: /^Goals on riverabakery\.example/ });
  const goal = await goals.getByRole("rowheader").first().textContent();
  expect(text, "a goal").toContain(goal!.trim());
  // And the client's own copy, on the Reports tab, has it too.
  const member = await apiSignedInAs("client");
  expect(await openPdf(member, `/api/reports/${month}/pdf`)).toContain(note);

  // Opened again, the note is there to change.
  await page.reload();
  await expect(send.getByLabel("A note from you (optional)")).toHaveValue(note);
  await passesAxeAtBothWidths(page, () => expect(onTop).toBeVisible());
});

test("a month not ended, and a client with no plan, say why there is no report", async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  await signIn("admin");
  const clientId = await demoClientId(page.request);
  // This month, and a month no calendar has: the same words, from the server.
  for (const month of [thisMonth, "2026-13"]) {
    await page.goto(staffLinks.clientReports(clientId, month));
    const alert = page.getByRole("alert");
    await expect(alert).toContainText("Month must be a month that has ended, as YYYY-MM");
    await expect(alert).toContainText("Pick a month that has ended.");
    await expect(page.getByRole("article")).toHaveCount(0);
  }

  const invited = await page.request.post("/api/admin/clients", {
    data: {
      companyName: `Planless ${unique()}`,
      email: `owner.${unique()}@planless.example`,
      firstName: "Sam",
      lastName: "Lee",
    },
  });
  expect(invited.status()).toBe(201);
  const { id: companyId } = (await invited.json()) as { id: string };
  await page.goto(staffLinks.clientReports(companyId));
  await expect(page.getByRole("alert")).toContainText(
    "This client has no active hosting or maintenance plan: there is no report to make",
  );
  await passesAxeAtBothWidths(page, () => expect(page.getByRole("alert")).toBeVisible());
});
