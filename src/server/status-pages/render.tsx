import { renderToStaticMarkup } from "react-dom/server";
import { brand } from "@content/site";
import { formatCalendarDate, formatDateTime, formatDuration, formatPercent } from "@shared/format";
import { incidentUpdateStatusLabels } from "@shared/incident-status";
import type { IncidentWithUpdates, PublicStatus } from "@shared/schemas/status-pages";
import type { MaintenanceWindow } from "./status";

/** Where a page's parts are, on our host (/status/<slug>...) or the client's own (/...). */
export type PageLinks = {
  page: string;
  json: string;
  feed: string;
  badge: (websiteId: string) => string;
  /** The form's target: always the API's path, on whichever host. */
  subscribe: string;
};

export const pageLinks = (slug: string, ownHost: boolean): PageLinks => {
  const base = ownHost ? "" : `/status/${slug}`;
  return {
    page: base || "/",
    json: ownHost ? "/status.json" : `${base}.json`,
    feed: `${base}/feed.atom`,
    badge: (websiteId) => `${base}/badge/${websiteId}.svg`,
    subscribe: `/api/status/${slug}/subscriptions`,
  };
};

const when = (instant: string) => formatDateTime(instant, brand.timeZone);
const stateWords = { up: "Operational", down: "Down", unknown: "Not checked yet" } as const;
const overallWords = {
  up: "All systems operational",
  down: "Some sites are down",
  unknown: "Status not known yet",
} as const;

/**
 * A bar's class: fully up, mostly up, down a while, or not checked; "m" (all maintenance) or a
 * maintenance cap ("c") where planned work took some of the day.
 */
function barClass(day: { uptimePercent: number | null; maintenance: boolean }) {
  const percent = day.uptimePercent;
  if (percent === null) return day.maintenance ? "m" : "n";
  const state = percent >= 100 ? "u" : percent >= 99 ? "w" : "d";
  return day.maintenance ? `${state} c` : state;
}

/** A bar's words, for those who cannot see its colour. */
function barText(day: { day: string; uptimePercent: number | null; maintenance: boolean }) {
  const uptime = day.uptimePercent === null ? undefined : `${formatPercent(day.uptimePercent)} up`;
  const parts = [uptime ?? (day.maintenance ? undefined : "no data")];
  if (day.maintenance) parts.push("planned maintenance, not counted");
  return `${formatCalendarDate(day.day)}: ${parts.filter(Boolean).join(", ")}`;
}

/*
 * The brand's look in a few hundred bytes: its near-black and gold header, its ink on paper, and
 * the state colours, each with contrast of 4.5:1 or more against its background.
 */
const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1c1c1e;background:#f5f3ee}
header{background:#0b0b0c;color:#fff;padding:24px 16px}header p{margin:0;color:${brand.color};font-weight:700}h1{margin:4px 0 0;font-size:1.6rem}header>*{max-width:828px;margin-inline:auto}
main{max-width:860px;margin:0 auto;padding:16px}section{margin:24px 0}h2{font-size:1.2rem;margin:0 0 12px}
.card{background:#fff;border:1px solid #dcd8cf;border-radius:8px;padding:16px;margin:0 0 12px}h3{margin:0;font-size:1.05rem;overflow-wrap:anywhere}
.banner{padding:14px 16px;border-radius:8px;font-weight:700;color:#fff;background:#5c5c63}.banner.up{background:#1d6b35}.banner.down{background:#a8201a}
.row{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 12px;align-items:baseline}.st{font-weight:700}.st.up{color:#1d6b35}.st.down{color:#a8201a}.st.unknown{color:#5c5c63}
.bars{display:flex;gap:1px;list-style:none;margin:12px 0 4px;padding:0;height:32px}.bars li{flex:1;border-radius:1px;background:#c9c6bf}.bars .u{background:#2e8b4a}.bars .w{background:#c98a00}.bars .d{background:#c6362c}.bars .m{background:#6d4bc4}.bars .c{box-shadow:inset 0 5px #6d4bc4}.key{display:inline-block;width:10px;height:10px;border-radius:2px;background:#6d4bc4}
.bars span,.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.axis{display:flex;justify-content:space-between;color:#5c5c63;font-size:.85rem;margin:0}.muted{color:#5c5c63;font-size:.9rem}
.upd{list-style:none;margin:8px 0 0;padding:0}.upd li{border-left:3px solid ${brand.color};padding:2px 0 2px 10px;margin:8px 0}.upd p{margin:2px 0;white-space:pre-wrap}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:end}label{display:block;font-weight:600}input{font:inherit;padding:8px 10px;border:1px solid #8a867d;border-radius:6px;min-width:240px}
button{font:inherit;font-weight:700;padding:9px 16px;border:0;border-radius:6px;background:#0b0b0c;color:${brand.color};cursor:pointer}a{color:#6b4f00}
footer{max-width:860px;margin:0 auto;padding:16px;color:#5c5c63;font-size:.85rem}`;

function Shell({
  title,
  indexed,
  feed,
  children,
}: {
  title: string;
  indexed: boolean;
  feed?: string;
  children: React.ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {indexed ? null : <meta name="robots" content="noindex" />}
        {feed ? (
          <link
            rel="alternate"
            type="application/atom+xml"
            title={`${title}: incidents`}
            href={feed}
          />
        ) : null}
        <style dangerouslySetInnerHTML={{ __html: STYLE }} />
      </head>
      <body>{children}</body>
    </html>
  );
}

function Incident({
  incident,
}: {
  incident: IncidentWithUpdates | PublicStatus["incidents"][number];
}) {
  const end = incident.endedAt;
  return (
    <article className="card">
      <h3>{incident.title}</h3>
      <p className="muted">
        {incident.domain} · {when(incident.startedAt)}
        {end
          ? ` · resolved after ${formatDuration((Date.parse(end) - Date.parse(incident.startedAt)) / 1000)}`
          : " · ongoing"}
      </p>
      {incident.updates.length > 0 ? (
        <ol className="upd">
          {[...incident.updates].reverse().map((update) => (
            <li key={update.id}>
              <strong>{incidentUpdateStatusLabels[update.status]}</strong>{" "}
              <span className="muted">{when(update.createdAt)}</span>
              <p>{update.message}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </article>
  );
}

/** Renders nothing until maintenance windows exist (see scheduledMaintenance). */
function Maintenance({ windows }: { windows: MaintenanceWindow[] }) {
  if (windows.length === 0) return null;
  return (
    <section aria-labelledby="maintenance">
      <h2 id="maintenance">Scheduled maintenance</h2>
      {windows.map((window, i) => (
        <article className="card" key={i}>
          <h3>{window.title}</h3>
          <p className="muted">
            {window.domains.join(", ")} · {when(window.startsAt)} to {when(window.endsAt)}
          </p>
        </article>
      ))}
    </section>
  );
}

/** The public status page: server-rendered HTML, no script, one small inline stylesheet. */
export function renderStatusPage(
  status: PublicStatus,
  maintenance: MaintenanceWindow[],
  links: PageLinks,
  options: { indexed: boolean },
): string {
  const html = renderToStaticMarkup(
    <Shell title={status.name} indexed={options.indexed} feed={links.feed}>
      <header>
        <p>{brand.name}</p>
        <h1>{status.name}</h1>
      </header>
      <main>
        <p className={`banner ${status.status}`} role="status">
          {overallWords[status.status]}
        </p>
        <section aria-labelledby="sites">
          <h2 id="sites">Sites</h2>
          {status.sites.length === 0 ? <p className="muted">No sites are shown yet.</p> : null}
          {status.sites.map((site) => (
            <article className="card" key={site.id}>
              <div className="row">
                <h3>{site.domain}</h3>
                <span className={`st ${site.status}`}>{stateWords[site.status]}</span>
              </div>
              <p className="muted">
                {site.uptimePercent90d === null
                  ? "No uptime measured yet over the last 90 days"
                  : `${formatPercent(site.uptimePercent90d)} uptime over the last 90 days`}
              </p>
              <ol className="bars" aria-label={`${site.domain}: daily uptime, last 90 days`}>
                {site.days.map((day) => (
                  <li key={day.day} className={barClass(day)}>
                    <span>{barText(day)}</span>
                  </li>
                ))}
              </ol>
              <p className="axis" aria-hidden="true">
                <span>90 days ago</span>
                <span>Today</span>
              </p>
              {site.days.some((day) => day.maintenance) && (
                <p className="muted">
                  <span className="key" aria-hidden="true" /> Planned maintenance: that time is not
                  counted in the uptime.
                </p>
              )}
            </article>
          ))}
        </section>
        <Maintenance windows={maintenance} />
        <section aria-labelledby="incidents">
          <h2 id="incidents">Incidents</h2>
          {status.incidents.length === 0 ? (
            <p className="muted">No incidents in the last 90 days.</p>
          ) : (
            status.incidents.map((incident) => <Incident key={incident.id} incident={incident} />)
          )}
        </section>
        <section aria-labelledby="subscribe" className="card">
          <h2 id="subscribe">Get updates by email</h2>
          <p className="muted">
            We email you about incidents and scheduled maintenance. You confirm first, and every
            email has a one-click unsubscribe.
          </p>
          <form method="post" action={links.subscribe}>
            <div>
              <label htmlFor="email">Email</label>
              <input id="email" name="email" type="email" required autoComplete="email" />
            </div>
            <button type="submit">Subscribe</button>
          </form>
          <p className="muted">
            Also as an <a href={links.feed}>Atom feed</a> and as <a href={links.json}>JSON</a>.
          </p>
        </section>
      </main>
      <footer>
        Updated {when(status.generatedAt)} · Hosted and monitored by {brand.name}
      </footer>
    </Shell>,
  );
  return `<!doctype html>${html}`;
}

/** A one-message page: after subscribing, confirming, unsubscribing, or a bad address. */
export function renderMessagePage(
  title: string,
  message: string,
  back: { href: string; label: string },
  form?: { action: string; button: string },
): string {
  const html = renderToStaticMarkup(
    <Shell title={title} indexed={false}>
      <header>
        <p>{brand.name}</p>
        <h1>{title}</h1>
      </header>
      <main>
        <p className="card" role="status">
          {message}
        </p>
        {form ? (
          <form method="post" action={form.action}>
            <button type="submit">{form.button}</button>
          </form>
        ) : null}
        <p>
          <a href={back.href}>{back.label}</a>
        </p>
      </main>
    </Shell>,
  );
  return `<!doctype html>${html}`;
}
