import { randomInt } from "node:crypto";

/** No 0/O, 1/I/L or U: a reference read aloud over the phone cannot be misheard (leadReferencePattern). */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
const LENGTH = 5;

/** A short human reference for a lead, such as HL-7K3Q9. */
export function newLeadReference(): string {
  let code = "";
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `HL-${code}`;
}
