/** geoip-country ships no types: the part of its API the ingest uses. */
declare module "geoip-country" {
  export function lookup(ip: string): { country: string; name: string } | null;
}
