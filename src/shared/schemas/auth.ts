import { z } from "./zod";
import { emailField, plainText } from "./fields";
import { returnToMaxLength } from "../return-to";

/** The signed-in user: GET /api/auth/user (401 when signed out) and the demo sign-in's answer. */
export const authUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  /**
   * The second factor of this session: "required" (the user has one and has not passed it yet:
   * only the second-factor step is open), "passed", or "none" (the user has none).
   */
  secondFactor: z.enum(["required", "passed", "none"]),
  /** Staff with no second factor yet: the back office shows only the enrolment page. */
  mustEnrol: z.boolean(),
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

/**
 * The sign-in link an email carries (GET /api/login/email?token=...): its one-use code. A missing
 * or unknown code lands on the sign-in page; one no link could carry is refused in words.
 */
export const emailLinkQuerySchema = z.object({
  token: z
    .string({ error: "token must be the code from the sign-in link: open the link as emailed" })
    .max(200, "token must be at most 200 characters: open the link exactly as emailed")
    .default(""),
});

/** The answer to an email sign-in request, the same whether or not the address is known. */
export const checkEmailSchema = z.object({ message: z.string() });

/** Outside production: POST /api/login/demo signs in as the demo client or staff member. */
export const demoSignInSchema = z.object({
  as: z.enum(["client", "admin"], { error: "as: client or admin" }),
});

/** POST /api/login/second-factor: a TOTP code or a recovery code, after the email link or OIDC. */
export const secondFactorSchema = z.object({
  code: plainText("Code", "Enter a code")
    .trim()
    .min(1, "Enter a code")
    .max(40, "A code is at most 40 characters"),
  returnTo: returnToField,
});
export type SecondFactorInput = z.input<typeof secondFactorSchema>;

/** Where to go once signed in (the second factor passed, or a passkey sign-in). */
export const signedInSchema = z.object({ redirectTo: z.string() });

/** POST /api/login/passkey: the browser's answer to the challenge, and where to go after. */
export const passkeySignInSchema = z.object({
  response: z.record(z.string(), z.unknown(), { error: "The passkey's answer is missing" }),
  returnTo: returnToField,
});
