import type { LeadReceipt } from "../../src/shared/schemas/leads";
import { delayScript } from "./support/slow-script";
import { expect, test } from "./support/fixtures";
import { fieldValue, humanPause, notifications, storedLead, textbox } from "./support/forms";

for (const [late, when] of [
  ["islands", "before the page's scripts have started"],
  ["island-contact", "while the header is live but the form's code is still on its way"],
] as const) {
  test(`a message sent ${when} is sent once, by the app, as a person's`, async ({
    page,
    apiSignedInAs,
  }) => {
    // As on a slow phone: the visitor types into the prerendered form and presses Enter
    // before the code that handles it has arrived.
    await delayScript(page, late, 5_000);
    const sends: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) sends.push(request.method());
    });
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const shownAt = Date.now();
    await textbox(page, "Name").fill("Early Eddie");
    await textbox(page, "Email").fill("eddie@early.example");
    await textbox(page, "Subject").fill("Typed before the scripts came");
    await textbox(page, "Message").fill("My phone is slow, but my message should still arrive.");
    await humanPause(page, shownAt);
    await expect(page.locator("form[data-ready]")).toHaveCount(0);
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/contact"), {
      timeout: 20_000,
    });
    await textbox(page, "Subject").press("Enter");

    const response = await answer;
    expect(response.status()).toBe(201);
    // Sent by the app as JSON, not by the browser as a GET with the fields in the address.
    expect(new URL(page.url()).search).toBe("");
    const receipt = (await response.json()) as LeadReceipt;
    await expect(notifications(page).getByText("Message sent!")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(sends).toEqual(["POST"]);
    // Its fill time counts from when the form was drawn, so it is not filed as spam.
    const lead = await storedLead(await apiSignedInAs("admin"), "contact", receipt.id);
    expect(lead).toMatchObject({ reference: receipt.reference, status: "new" });
    expect(fieldValue(lead, "Subject")).toBe("Typed before the scripts came");
  });
}
