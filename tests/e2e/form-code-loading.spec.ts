import { expect, test } from "@playwright/test";
import { formReady, textbox } from "./support/forms";

test("the form pages fetch their validation code when a field first takes focus, not with the page", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const validationCode = () =>
    scripts.filter((path) => /^\/assets\/(island-)?resolvers-/.test(path));
  for (const [path, field] of [
    ["/contact", "Name"],
    ["/apply", "Full Name"],
  ] as const) {
    scripts.length = 0;
    await page.goto(path);
    await formReady(page);
    await page.waitForLoadState("networkidle");
    expect(validationCode(), path).toEqual([]);
    await textbox(page, field).focus();
    await expect.poll(() => validationCode().length, { message: path }).toBe(1);
  }
});
