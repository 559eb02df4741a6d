/**
 * The choices of the "Project Application" form, apart from its schema: the form shows them
 * without loading zod, which it fetches only when it first validates.
 */
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
