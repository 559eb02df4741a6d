import { z } from "./zod";
import { emailField } from "./fields";
import { returnToMaxLength } from "../return-to";

/** The signed-in user: GET /api/auth/user (401 when signed out) and the demo sign-in's answer. */
export const authUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** The page to open after signing in; checked against the site's origin where it is used. */
export const returnToField = z
  .string({ error: "returnTo must be a path on this site" })
  .max(returnToMaxLength, `returnTo must be at most ${returnToMaxLength} characters`)
  .optional();
export const returnToQuerySchema = z.object({ returnTo: returnToField });

/** The sign-in page's email form: POST /api/login/email. */
export const emailSignInSchema = z.object({ email: emailField, returnTo: returnToField });
export type EmailSignIn = z.output<typeof emailSignInSchema>;

/** The answer to an email sign-in request, the same whether or not the address is known. */
export const checkEmailSchema = z.object({ message: z.string() });

/** Outside production: POST /api/login/demo signs in as the demo client or staff member. */
export const demoSignInSchema = z.object({
  as: z.enum(["client", "admin"], { error: "as: client or admin" }),
});
