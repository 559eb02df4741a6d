import { z } from "zod";
import { goalEventSchema } from "./goals";
import { eventTypeMessage, pageViewEventSchema } from "./ingest";
import { vitalsEventSchema } from "./vitals";

/**
 * Every body POST /api/events takes, told apart by `type`: none for a page view (ingest.ts),
 * "goal" for a goal (goals.ts), "vitals" for a page's
 * Core Web Vitals (vitals.ts). The route and its fast path both parse with this.
 */
export const analyticsEventSchema = z.discriminatedUnion(
  "type",
  [pageViewEventSchema, goalEventSchema, vitalsEventSchema],
  { error: eventTypeMessage },
);
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
