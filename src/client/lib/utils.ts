import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names. Conflicting utilities are not merged: callers never pass a class that fights
 * a base class.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
