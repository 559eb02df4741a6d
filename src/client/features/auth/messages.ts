/** What the server's ?error= codes mean, in words a client understands. */
const signInErrorMessages: Record<string, { title: string; body: string }> = {
  "link-invalid": {
    title: "That link did not work",
    body: "That sign-in link has expired or was already used. Ask for a new one below.",
  },
  "sign-in-failed": {
    title: "We could not sign you in",
    body: "Your sign-in provider did not confirm who you are. Please try again.",
  },
  "provider-unavailable": {
    title: "Sign-in is unavailable right now",
    body: "Our sign-in provider is not responding. Please try again in a few minutes.",
  },
  "not-invited": {
    title: "This address has no client account",
    body: "Accounts are set up by our team. If you are a client, ask us to invite this email address, or the person who manages your company's account to add you.",
  },
  "email-unverified": {
    title: "Your email address is not verified",
    body: "Your sign-in provider has not verified your email address, so we cannot match it to an account. Verify it with your provider, or ask us for a sign-in link by email.",
  },
  "sign-in-expired": {
    title: "Your sign-in expired",
    body: "The sign-in took too long or was started in another tab. Please start again.",
  },
};

const unknownSignInError = {
  title: "We could not sign you in",
  body: "Something went wrong while signing you in. Please try again.",
};

export function signInError(code: string): { title: string; body: string } {
  return signInErrorMessages[code] ?? unknownSignInError;
}

export const tooManyRequestsMessage = "Too many requests, try again in a few minutes.";
export const demoUnavailableMessage = "Demo sign-in is not available here.";
