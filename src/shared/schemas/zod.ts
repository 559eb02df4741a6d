import { z } from "zod";

/*
 * Every schema imports z from here, so this runs before the first one is built. In the browser
 * our Content-Security-Policy forbids eval: zod would probe for it (a reported violation on every
 * form page) to compile faster parsers, which a form does not need. The server keeps them.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
