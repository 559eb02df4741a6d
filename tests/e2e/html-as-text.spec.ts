import { expect, test } from "./support/fixtures";

test("HTML a visitor sends is shown as text in the back office, never run", async ({
  page,
  signIn,
}) => {
  const name = `<img src=x onerror="window.__pwned=1"> Mallory ${Date.now()}`;
  const message = "<script>window.__pwned=2</script><b>not bold</b> please call me back";
  const sent = await page.request.post("/api/contact", {
    data: { name, email: "mallory@example.com", subject: "<i>Hello</i> there", message },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };

  await signIn("admin");

  await page.goto(`/admin?q=${encodeURIComponent("Mallory")}`);
  await expect(page.getByText(name).first()).toBeVisible();
  await page.goto(`/admin/leads/contact/${id}`);
  await expect(page.getByText(message).first()).toBeVisible();
  await expect(page.getByText("<i>Hello</i> there").first()).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator("main b")).toHaveCount(0);
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
});
