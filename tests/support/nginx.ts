import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The shipped nginx configuration (deploy/nginx) run for real, for the proxy test and
 * bench:static: one nginx in a scratch folder, our server block (as deploy/nginx/harborline.conf,
 * but plain HTTP on loopback) in front of the app, and whatever other server blocks the caller
 * adds. Needs nginx and its brotli_static module (Debian: nginx-light,
 * libnginx-mod-http-brotli-static).
 */
export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";
export const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/** What is missing to run nginx with our configuration, or nothing. */
export function nginxMissing(): string | undefined {
  if (!existsSync(NGINX)) return `nginx (${NGINX})`;
  if (!existsSync(BROTLI_MODULE)) return `nginx's brotli_static module (${BROTLI_MODULE})`;
  return undefined;
}

export type NginxOptions = {
  /** A scratch folder: the configuration, logs and temporary files go here. */
  work: string;
  /** Where our server block listens, and the folder it serves (the export of the build). */
  proxyPort: number;
  siteDir: string;
  /** The app our server block passes everything else to. */
  appPort: number;
  /** More server blocks, in nginx's syntax. */
  moreServers?: string;
  stdio?: StdioOptions;
};

export function startNginx({
  work,
  proxyPort,
  siteDir,
  appPort,
  moreServers = "",
  stdio = ["ignore", "ignore", "inherit"],
}: NginxOptions): ChildProcess {
  // nginx's workers run as another user (www-data) when started as root: they must read the site.
  chmodSync(work, 0o755);
  cpSync("deploy/nginx", path.join(work, "harborline"), { recursive: true });
  mkdirSync(path.join(work, "logs"), { recursive: true });
  writeFileSync(
    path.join(work, "nginx.conf"),
    `load_module ${BROTLI_MODULE};
daemon off;
worker_processes auto;
pid ${work}/nginx.pid;
error_log ${work}/logs/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  upstream harborline_app { server 127.0.0.1:${appPort}; keepalive 16; }
  server {
    listen 127.0.0.1:${proxyPort};
    root ${siteDir};
    set $harborline_hsts "";
    include harborline/locations.conf;
  }
${moreServers}
}
`,
  );
  return spawn(NGINX, ["-p", work, "-c", path.join(work, "nginx.conf")], { stdio });
}
