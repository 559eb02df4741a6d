import type { User } from "../db/schema";

/** How a person is named in threads and emails: their name, else their address's local part. */
export function displayName(person: Pick<User, "firstName" | "lastName" | "email">): string {
  const name = [person.firstName, person.lastName].filter(Boolean).join(" ");
  return name || person.email.split("@")[0] || person.email;
}
