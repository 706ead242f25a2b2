import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Debian's nginx, where `apt-get install nginx` puts it (.ci/run does). */
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate)) ?? null;

export function nginxInstalled(): boolean {
  return NGINX !== null;
}

/** The nginx configuration README's "Running several instances" gives operators, as written there. */
export async function documentedNginxSite(readmePath = path.resolve('README.md')): Promise<string> {
  const readme = await readFile(readmePath, 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Running several instances\n'));
  const block = section && /```nginx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('README has no nginx block under "## Running several instances"');
  return block;
}

/**
 * The documented site, moved onto this machine: plain HTTP on 127.0.0.1 instead of TLS, and
 * these instances in place of the example addresses. Everything else is used as documented,
 * so a mistake in README's configuration fails the test that uses it.
 */
export function siteOnLoopback(site: string, options: { port: number; upstreams: string[] }): string {
  const replaced = (text: string, pattern: RegExp, replacement: string | ((line: string) => string)): string => {
    if (!pattern.test(text)) throw new Error(`the documented nginx site no longer has ${pattern}`);
    return text.replace(pattern, replacement as string);
  };
  let moved = replaced(site, /^\s*listen 443 ssl;$/m, `    listen 127.0.0.1:${options.port};`);
  moved = replaced(moved, /^\s*ssl_certificate(_key)? .*\n/gm, '');
  const exampleServers = /^(\s*)server 10\.0\.0\.\d+:3000( [^;]*)?;\n(?:\s*server 10\.0\.0\.\d+:3000( [^;]*)?;\n)*/m;
  moved = replaced(moved, exampleServers, (lines: string) => {
    const [first] = lines.split('\n');
    const [, indent, parameters] = /^(\s*)server 10\.0\.0\.\d+:3000( [^;]*)?;$/.exec(first!)!;
    return options.upstreams.map((upstream) => `${indent}server ${upstream}${parameters ?? ''};\n`).join('');
  });
  return moved;
}

export interface LoadBalancer {
  url: string;
  /** Which instance answered each request, in order (nginx's $upstream_addr, "-" for none). */
  answeredBy(): Promise<{ method: string; path: string; status: number; upstream: string }[]>;
  errorLog(): Promise<string>;
  close(): Promise<void>;
}

/**
 * nginx in the foreground with `site` as its only server, its files in a folder of its own.
 * Each answer says which instance gave it (`X-Upstream`), and the access log keeps the same.
 */
export async function startLoadBalancer(site: string, port: number): Promise<LoadBalancer> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tutorly-nginx-'));
  const file = (name: string) => path.join(dir, name);
  // As root, nginx's workers would run as nobody and could not write to this private folder.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  const config = `${user}worker_processes 1;
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${file('client-body')};
  proxy_temp_path ${file('proxy')};
  fastcgi_temp_path ${file('fastcgi')};
  uwsgi_temp_path ${file('uwsgi')};
  scgi_temp_path ${file('scgi')};
  log_format answered '$request_method $uri $status $upstream_addr';
  access_log ${file('access.log')} answered;
  add_header X-Upstream $upstream_addr always;
${site}
}
`;
  await writeFile(file('nginx.conf'), config);
  const checked = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-e', file('error.log'), '-c', file('nginx.conf')], {
    encoding: 'utf8',
  });
  if (checked.status !== 0) throw new Error(`nginx refused the configuration:\n${checked.stderr}\n${config}`);
  const child: ChildProcess = spawn(
    NGINX,
    ['-p', dir, '-e', file('error.log'), '-c', file('nginx.conf'), '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    const up = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) }).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not start listening on ${url}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async answeredBy() {
      const log = await readFile(file('access.log'), 'utf8').catch(() => '');
      return log
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [method = '', requestPath = '', status = '0', ...upstream] = line.split(' ');
          return { method, path: requestPath, status: Number(status), upstream: upstream.join(' ') };
        });
    },
    errorLog: () => readFile(file('error.log'), 'utf8').catch(() => ''),
    async close() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}
