import { zodResolver } from "@hookform/resolvers/zod";
import { applySchema, type Apply, type ApplyInput } from "@shared/schemas/apply";

/** Loaded on demand by the apply form (see lazyResolver). */
export const applyResolver = zodResolver<ApplyInput, unknown, Apply>(applySchema);
