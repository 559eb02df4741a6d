import type { LeadReceipt } from "../../src/shared/schemas/leads";
import { expect, test } from "./support/fixtures";
import { formReady, humanPause, storedLead, textbox } from "./support/forms";

/* Both public forms carry a field that people never see: whatever fills it is filed as spam. */

test("the spam trap is hidden from assistive technology on both forms, and a bot that fills it is filed as spam", async ({
  page,
  apiSignedInAs,
}) => {
  for (const path of ["/contact", "/apply"]) {
    await page.goto(path);
    await formReady(page);
    const trap = page.locator('form input[name$="-website-confirm"]');
    await expect(trap).toHaveCount(1);
    await expect(trap).toHaveAttribute("tabindex", "-1");
    await expect(trap).toHaveAttribute("autocomplete", "off");
    // What a screen reader is given: no trap, no label telling people to leave it empty.
    expect(await page.locator("body").ariaSnapshot(), path).not.toContain("Leave this field");
    await expect(page.getByRole("textbox", { name: "Leave this field empty" })).toHaveCount(0);
  }

  // A form filler completes every field it finds, the trap too, at a person's pace.
  await page.goto("/contact");
  const readyAt = await formReady(page);
  await textbox(page, "Name").fill("Sly Filler");
  await textbox(page, "Email").fill("sly@filler.example");
  await textbox(page, "Subject").fill("Cheap backlinks");
  await textbox(page, "Message").fill("We sell backlinks for your website at a great price.");
  await page.locator('input[name="contact-website-confirm"]').fill("https://filler.example");
  await humanPause(page, readyAt);
  const answer = page.waitForResponse(
    (res) => res.url().endsWith("/api/contact") && res.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Send Message" }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const receipt = (await response.json()) as LeadReceipt;
  const lead = await storedLead(await apiSignedInAs("admin"), "contact", receipt.id);
  expect(lead.status).toBe("spam");
});
