import { z } from "./zod";
import { requiredText } from "./fields";

/**
 * A saved reply: an answer staff write often, shared by all of staff, inserted into a ticket's
 * reply box and edited there before it is sent.
 */
export const savedReplyInputSchema = z.object({
  title: requiredText(
    "Title",
    1,
    100,
    "Give the saved reply a title",
    "Title must be at most 100 characters",
  ),
  body: requiredText(
    "Text",
    1,
    5000,
    "Write the text of the reply",
    "Text must be at most 5,000 characters",
  ),
});
export type SavedReplyInput = z.input<typeof savedReplyInputSchema>;
export type SavedReplyValues = z.output<typeof savedReplyInputSchema>;

export const savedReplySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  /** Who wrote it last; null once their account is gone. */
  updatedBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReply = z.infer<typeof savedReplySchema>;
