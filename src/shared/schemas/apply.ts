import { z } from "./zod";
import { emailField, optionalChoice, optionalText, requiredText } from "./fields";

export const projectTypeOptions = [
  { value: "website", label: "Website Design & Build" },
  { value: "app", label: "Web Application Development" },
  { value: "hosting", label: "Premium Hosting" },
  { value: "maintenance", label: "Management & Maintenance" },
  { value: "other", label: "Other" },
] as const;

export const budgetOptions = [
  { value: "<5k", label: "Less than $5,000" },
  { value: "5k-15k", label: "$5,000 - $15,000" },
  { value: "15k-50k", label: "$15,000 - $50,000" },
  { value: "50k-100k", label: "$50,000 - $100,000" },
  { value: ">100k", label: "$100,000+" },
  { value: "not-sure", label: "Not Sure Yet" },
] as const;

export const timelineOptions = [
  { value: "asap", label: "As soon as possible" },
  { value: "1-3months", label: "1-3 months" },
  { value: "3-6months", label: "3-6 months" },
  { value: "6months+", label: "6+ months" },
  { value: "flexible", label: "Flexible" },
] as const;

type Values<T extends readonly { value: string }[]> = { [K in keyof T]: T[K]["value"] };
const valuesOf = <const T extends readonly [{ value: string }, ...{ value: string }[]]>(
  options: T,
) => options.map((option) => option.value) as unknown as Values<T>;

export const projectTypes = valuesOf(projectTypeOptions);
export const budgets = valuesOf(budgetOptions);
export const timelines = valuesOf(timelineOptions);

/** The "Project Application" form and the body of POST /api/apply. */
export const applySchema = z.object({
  name: requiredText(
    2,
    100,
    "Name must be at least 2 characters",
    "Name must be at most 100 characters",
  ),
  email: emailField,
  phone: optionalText(40, "Phone number must be at most 40 characters"),
  company: optionalText(200, "Company name must be at most 200 characters"),
  projectType: z.enum(projectTypes, { error: "Please select a project type" }),
  budget: optionalChoice(budgets, "Please choose one of the budget options"),
  timeline: optionalChoice(timelines, "Please choose one of the timeline options"),
  description: requiredText(
    20,
    5000,
    "Please provide at least 20 characters describing your project",
    "Project description must be at most 5,000 characters",
  ),
});

export type ApplyInput = z.input<typeof applySchema>;
export type Apply = z.output<typeof applySchema>;
