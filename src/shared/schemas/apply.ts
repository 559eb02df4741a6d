import { z } from "./zod";
import { emailField, optionalChoice, optionalText, requiredText } from "./fields";
import { budgets, projectTypes, timelines } from "./apply-options";

export * from "./apply-options";

/** The "Project Application" form and the body of POST /api/apply. */
export const applySchema = z.object({
  name: requiredText(
    "Name",
    2,
    100,
    "Name must be at least 2 characters",
    "Name must be at most 100 characters",
  ),
  email: emailField,
  phone: optionalText("Phone number", 40, "Phone number must be at most 40 characters"),
  company: optionalText("Company name", 200, "Company name must be at most 200 characters"),
  projectType: z.enum(projectTypes, { error: "Please select a project type" }),
  budget: optionalChoice(budgets, "Please choose one of the budget options"),
  timeline: optionalChoice(timelines, "Please choose one of the timeline options"),
  description: requiredText(
    "Project description",
    20,
    5000,
    "Please provide at least 20 characters describing your project",
    "Project description must be at most 5,000 characters",
  ),
});

export type ApplyInput = z.input<typeof applySchema>;
export type Apply = z.output<typeof applySchema>;
