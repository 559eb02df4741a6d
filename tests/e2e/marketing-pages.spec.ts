/**
 * What a visitor sees on the four marketing pages: the blocks and counts the seed names, its exact
 * figures, the prices the content folder sets, and where every call to action leads. Lists are
 * found by their section heading (the copy comes from the content folder), figures by the seed's
 * own words; prices are the agency's to change, so they are read from the content folder too.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import {
  aboutReasonsIntro,
  aboutTimelineIntro,
  aboutValuesIntro,
  aboutMission,
} from "../../src/content/about";
import {
  homeFeaturesIntro,
  homeProcessIntro,
  homeServicesIntro,
  homeTestimonialsIntro,
} from "../../src/content/home";
import {
  customPricing,
  pricingFaqIntro,
  pricingLabels,
  pricingPlans,
  pricingPlansIntro,
} from "../../src/content/pricing";
import { services as servicesSold, servicesPage } from "../../src/content/services";
import { brand } from "../../src/content/site";

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
}

/** A list named by its section heading. */
function list(page: Page, name: string): Locator {
  return page.getByRole("main").getByRole("list", { name, exact: true });
}

/** The card of a list whose H3 is `title` (not the items of lists nested in the cards). */
function card(scope: Locator, title: string): Locator {
  return scope
    .getByRole("listitem")
    .filter({ has: scope.page().getByRole("heading", { level: 3, name: title, exact: true }) });
}

/** Every link in the page body with this name leads to `href`, and there is at least one. */
async function expectLinksTo(page: Page, name: string, href: string) {
  const links = page.getByRole("main").getByRole("link", { name, exact: true });
  const count = await links.count();
  expect(count, `links named "${name}"`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) await expect(links.nth(i)).toHaveAttribute("href", href);
}

/** The closing call to action is the last pair of buttons on the page. */
async function expectClosingCta(page: Page) {
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Get a Free Quote" }).last()).toHaveAttribute(
    "href",
    "/apply",
  );
  await expect(main.getByRole("link", { name: "Schedule a Call" }).last()).toHaveAttribute(
    "href",
    "/contact",
  );
}

/** At 375 px the page is no wider than the screen. */
async function expectNoHorizontalScroll(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test("Home: hero, four stats, six features, four services, three steps, four rated testimonials", async ({
  page,
}) => {
  await open(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Custom Websites & Apps for Small Businesses",
  );
  await expectLinksTo(page, "Get a Free Quote", "/apply");
  await expectLinksTo(page, "Schedule a Call", "/contact");
  await expect(page.getByRole("main")).toContainText("5.0 average from 100+ clients");
  await expect(page.getByRole("main")).toContainText("Reply within 24 hours");

  await expect(list(page, `${brand.name} at a glance`).getByRole("listitem")).toHaveText([
    "100+ Projects Delivered",
    "24/7 Support & Maintenance",
    "99.9% Uptime Guarantee",
    "Custom Pricing Models",
  ]);

  const features = list(page, homeFeaturesIntro.title);
  await expect(features.getByRole("listitem")).toHaveCount(6);
  await expect(features.getByRole("heading", { level: 3 })).toHaveCount(6);

  const services = list(page, homeServicesIntro.title);
  await expect(services.getByRole("listitem")).toHaveCount(4);
  await expect(services.getByRole("heading", { level: 3 })).toHaveText([
    "Website Design & Build",
    "App Development",
    "Premium Hosting",
    "Management & Maintenance",
  ]);
  const serviceLinks = services.getByRole("link");
  await expect(serviceLinks).toHaveCount(4);
  for (let i = 0; i < 4; i++)
    await expect(serviceLinks.nth(i)).toHaveAttribute("href", "/services");

  await expect(list(page, homeProcessIntro.title).getByRole("heading", { level: 3 })).toHaveText([
    "Discovery Call",
    "Design & Development",
    "Launch & Optimize",
  ]);

  const testimonials = list(page, homeTestimonialsIntro.title);
  await expect(testimonials.getByRole("listitem")).toHaveCount(4);
  await expect(testimonials.getByRole("figure")).toHaveCount(4);
  await expect(testimonials.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(4);
  for (const testimonial of await testimonials.getByRole("figure").all()) {
    await expect(testimonial.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
    // The caption: a name, a company and a town with its state.
    await expect(testimonial).toContainText(/[A-Z][a-z]+ [A-Z][a-z]+.+, (WA|OR|ID)$/);
  }

  await expectClosingCta(page);
  await expectNoHorizontalScroll(page);
});

test("About: mission, three results, four values, a 2020-2025 timeline and four reasons", async ({
  page,
}) => {
  await open(page, "/about");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("small businesses");
  await expect(
    page.getByRole("heading", { level: 2, name: aboutMission.title, exact: true }),
  ).toBeVisible();
  for (const paragraph of aboutMission.paragraphs) {
    await expect(page.getByRole("main")).toContainText(paragraph);
  }

  const results = list(page, aboutMission.resultsTitle).getByRole("listitem");
  await expect(results).toHaveCount(3);
  await expect(results.nth(0)).toContainText("15+");
  await expect(results.nth(0)).toContainText(/average monthly leads/i);
  await expect(results.nth(1)).toContainText("3-6x");
  await expect(results.nth(1)).toContainText("ROI");
  await expect(results.nth(2)).toContainText("Page 1");
  await expect(results.nth(2)).toContainText(/rankings/i);

  const values = list(page, aboutValuesIntro.title);
  await expect(values.getByRole("listitem")).toHaveCount(4);
  await expect(values.getByRole("heading", { level: 3 })).toHaveCount(4);

  const timeline = list(page, aboutTimelineIntro.title).getByRole("listitem");
  await expect(timeline).toHaveCount(6);
  const years = ["2020", "2021", "2022", "2023", "2024", "2025"];
  for (const [index, year] of years.entries()) {
    // Each entry: the year, then what happened.
    await expect(timeline.nth(index)).toHaveText(new RegExp(`^${year}\\s*\\S.{10,}`));
  }

  const reasons = list(page, aboutReasonsIntro.title);
  await expect(reasons.getByRole("listitem")).toHaveCount(4);
  await expect(reasons.getByRole("heading", { level: 3 })).toHaveCount(4);

  await expectClosingCta(page);
  await expectNoHorizontalScroll(page);
});

test("Services: four priced services with features and Get a Quote, six reasons, four steps", async ({
  page,
}) => {
  await open(page, "/services");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("online");

  const services = list(page, servicesPage.servicesIntro.title);
  await expect(services.getByRole("heading", { level: 3 })).toHaveCount(4);
  for (const { name, price } of servicesSold) {
    const service = card(services, name);
    await expect(service).toHaveCount(1);
    await expect(service).toContainText(price);
    const features = service.getByRole("list").getByRole("listitem");
    expect(await features.count(), `${name} features`).toBeGreaterThanOrEqual(3);
    const quote = service.getByRole("link", { name: "Get a Quote", exact: true });
    await expect(quote).toHaveAttribute("href", "/contact");
  }
  await expectLinksTo(page, "Get a Quote", "/contact");

  const reasons = list(page, servicesPage.reasonsIntro.title);
  await expect(reasons.getByRole("listitem")).toHaveCount(6);
  await expect(reasons.getByRole("heading", { level: 3 })).toHaveCount(6);

  const steps = list(page, servicesPage.processIntro.title);
  await expect(steps.getByRole("listitem")).toHaveCount(4);
  await expect(steps.getByRole("heading", { level: 3 })).toHaveCount(4);

  await expectLinksTo(page, "Get a Free Quote", "/apply");
  await expectLinksTo(page, "Talk to Us", "/contact");
  await expectClosingCta(page);
  await expectNoHorizontalScroll(page);
});

test("Pricing: four plans with ranges and examples, payment plan, five FAQs that open", async ({
  page,
}) => {
  await open(page, "/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("pricing");

  const plans = list(page, pricingPlansIntro.title);
  await expect(plans.getByRole("heading", { level: 3 })).toHaveText(
    pricingPlans.map((plan) => plan.name),
  );
  for (const plan of pricingPlans) {
    // A monthly plan's prices are shown with its period: "$40 - $400+/mo".
    const period = plan.period ?? "";
    const planCard = card(plans, plan.name);
    await expect(planCard).toHaveCount(1);
    if (plan.popular) await expect(planCard).toContainText(pricingLabels.popular);
    else await expect(planCard).not.toContainText(pricingLabels.popular);
    await expect(planCard).toContainText(`${plan.priceRange}${period}`);
    await expect(
      planCard.getByRole("list", { name: /pricing factors/i }).getByRole("listitem"),
    ).not.toHaveCount(0);
    const examples = planCard
      .getByRole("list", { name: /example projects/i })
      .getByRole("listitem");
    await expect(examples).toHaveCount(plan.examples.length);
    for (const [index, example] of plan.examples.entries()) {
      await expect(examples.nth(index)).toContainText(example.type);
      await expect(examples.nth(index)).toContainText(example.pages);
      await expect(examples.nth(index)).toContainText(`${example.price}${period}`);
    }
    await expect(
      planCard.getByRole("link", { name: "Start Application", exact: true }),
    ).toHaveAttribute("href", "/apply");
  }
  await expect(page.getByText(pricingLabels.popular, { exact: true })).toHaveCount(
    pricingPlans.filter((plan) => plan.popular).length,
  );
  await expectLinksTo(page, "Start Application", "/apply");

  await expect(page.getByRole("main")).toContainText(customPricing.title);
  await expect(list(page, customPricing.paymentTitle).getByRole("listitem")).toHaveText([
    /^50%\s+deposit/,
    /^25%\s+at mid-point/,
    /^25%\s+on completion/,
  ]);

  const faq = page.getByRole("region", { name: pricingFaqIntro.title });
  const questions = faq.getByRole("group");
  await expect(questions).toHaveCount(5);
  for (const question of await questions.all()) {
    const answer = question.getByRole("paragraph");
    await expect(question).toHaveJSProperty("open", false);
    await expect(answer).toBeHidden();
    await question.getByText(/\?$/).click();
    await expect(question).toHaveJSProperty("open", true);
    await expect(answer).toBeVisible();
  }

  await expectClosingCta(page);
  await expectNoHorizontalScroll(page);
});
