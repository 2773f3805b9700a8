import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../io.js';
import { run } from '../program.js';
import { type AppServer, DEFAULT_PORT, serveApp } from './serve.js';

/** A raw request, so paths like `/../x` reach the server unnormalised. */
function get(
  url: string,
  path: string,
  method = 'GET',
): Promise<{ status: number; type: string; csp: string; referrer: string; body: string }> {
  return new Promise((done, fail) => {
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, path, method }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () =>
        done({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type']),
          csp: String(response.headers['content-security-policy']),
          referrer: String(response.headers['referrer-policy']),
          body,
        }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

let app: string;
let empty: string;
beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'codebreaker-serve-'));
  app = join(dir, 'app');
  empty = join(dir, 'empty');
  await mkdir(join(app, 'assets'), { recursive: true });
  await mkdir(empty);
  await writeFile(join(app, 'index.html'), '<!doctype html><title>app</title>\n');
  await writeFile(join(app, 'assets', 'main.js'), 'console.log(1);\n');
  await writeFile(join(dir, 'secret.txt'), 'outside\n');
});

describe('codebreaker serve', () => {
  let server: AppServer;
  beforeAll(async () => {
    server = await serveApp({ dir: app, port: 0 });
  });
  afterAll(() => server.close());

  it('serves the app from loopback, allowing nothing from elsewhere', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    const page = await get(server.url, '/');
    expect(page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(page.body).toContain('<title>app</title>');
    expect(page.csp).toContain("default-src 'self'");
    // Never framed by another site, and no Referer sent from it.
    expect(page.csp).toContain("frame-ancestors 'none'");
    expect(page.referrer).toBe('no-referrer');
    const script = await get(server.url, '/assets/main.js?v=1');
    expect(script).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8' });
  });

  it('answers nothing outside the app, and only GET and HEAD', async () => {
    for (const path of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets', '/nope.js', '/%ZZ']) {
      expect((await get(server.url, path)).status).toBe(404);
    }
    expect((await get(server.url, '/', 'POST')).status).toBe(405);
    expect(await get(server.url, '/', 'HEAD')).toMatchObject({ status: 200, body: '' });
  });

  it('answers 404, not 500, to a name or a path longer than a file system takes', async () => {
    const long = [
      `/${'a'.repeat(256)}`,
      `/assets/${encodeURIComponent('é'.repeat(128))}.js`,
      `/${'%41'.repeat(300)}`,
      '/a'.repeat(3000),
      `/${'a/'.repeat(2100)}index.html`,
    ];
    for (const path of long) {
      expect(await get(server.url, path)).toMatchObject({ status: 404, body: 'not found\n' });
    }
    expect((await get(server.url, `/${'a'.repeat(255)}`)).status).toBe(404);
    expect((await get(server.url, '/')).status).toBe(200);
  });

  it('never leaves its root through a symbolic link', async () => {
    await symlink(join(app, '..', 'secret.txt'), join(app, 'leak.txt'));
    await symlink(join(app, '..'), join(app, 'up'));
    await symlink(join(app, 'assets', 'main.js'), join(app, 'inside.js'));
    expect((await get(server.url, '/leak.txt')).status).toBe(404);
    expect((await get(server.url, '/up/secret.txt')).status).toBe(404);
    expect((await get(server.url, '/inside.js')).status).toBe(200);
  });

  it('answers 500 for a file it cannot read, and stays up', async () => {
    // A socket in the app's folder cannot be opened as a file (ENXIO), even by root.
    const socket = createServer();
    await new Promise<void>((done) => socket.listen(join(app, 'unreadable.js'), done));
    try {
      const broken = await get(server.url, '/unreadable.js');
      expect(broken.status).toBe(500);
      expect((await get(server.url, '/')).status).toBe(200);
    } finally {
      await new Promise((done) => socket.close(done));
    }
  });

  it('takes the default port or the next free one', async () => {
    const first = await serveApp({ dir: app });
    const second = await serveApp({ dir: app });
    try {
      const port = (url: string) => Number(new URL(url).port);
      expect(port(first.url)).toBeGreaterThanOrEqual(DEFAULT_PORT);
      expect(port(second.url)).toBeGreaterThan(port(first.url));
      await expect(serveApp({ dir: app, port: port(first.url) })).rejects.toThrow(
        `port ${port(first.url)} is in use`,
      );
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it.each([
    [
      ['--dir', 'EMPTY'],
      /^codebreaker: the web app is not built \(no .*index\.html\): run 'npm run build:web' \(npm ci does it\)\n$/,
    ],
    [
      ['--port', '70000'],
      /^codebreaker: --port must be a whole number from 0 to 65535, not '70000'\n$/,
    ],
    [['--port', 'x'], /^codebreaker: --port must be a whole number/],
    [
      ['--host', '256.1.1.1'],
      /^codebreaker: cannot listen on '256\.1\.1\.1' \(\w+\): give --host /,
    ],
    [
      ['--host', 'h'.repeat(100_000)],
      /^codebreaker: cannot listen on 'h{40}…' \(100000 characters\) \(\w+\): give --host [^\n]+\n$/,
    ],
  ])('%j: one line on stderr, exit 2', async (flags, message) => {
    const io = memoryIo();
    const argv = flags.map((flag) => (flag === 'EMPTY' ? empty : flag));
    expect(await run(['serve', ...argv], io)).toBe(2);
    expect(io.printed.out).toBe('');
    expect(io.printed.err).toMatch(message);
  });
});
