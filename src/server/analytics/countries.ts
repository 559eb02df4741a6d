/**
 * A visitor's country from their IP address, with geoip-country (MaxMind's GeoLite2 country
 * database, refreshed with each release of the package). The address is looked up when the view
 * arrives and never stored: only the two-letter code is kept.
 *
 * The database takes about 50 ms and 18 MB to load, so it is loaded a second after the server is
 * ready (`loadCountries`, from the ingest's start), or by the first view if that comes sooner;
 * never on the way to listening.
 */

type Lookup = (ip: string) => string | null;

let lookup: Lookup | undefined;
let loading: Promise<Lookup> | undefined;

const COUNTRY = /^[A-Z]{2}$/;

type Log = { error: (details: object, message: string) => void };

/** Loads the database once; every later call answers the same promise. */
export function loadCountries(log: Log): Promise<Lookup> {
  loading ??= import("geoip-country").then(
    (geoip) => {
      lookup = (ip) => {
        // An IPv4 address as Node reports it on a dual-stack socket: ::ffff:203.0.113.7.
        const code = geoip.lookup(ip.startsWith("::ffff:") ? ip.slice(7) : ip)?.country;
        return code && COUNTRY.test(code) ? code : null;
      };
      return lookup;
    },
    // Views are still counted, with no country, if the database cannot be read.
    (error: unknown) => {
      log.error({ err: error }, "geoip-country not loaded: views are kept without a country");
      lookup = () => null;
      return lookup;
    },
  );
  return loading;
}

/** The ISO 3166 code of the address's country, or null (private, loopback, not in the database). */
export function countryOf(ip: string, log: Log): string | null | Promise<string | null> {
  return lookup ? lookup(ip) : loadCountries(log).then((found) => found(ip));
}
