/**
 * `codebreaker serve`: serves the web app (built by `npm run build:web` into dist/web, which
 * `npm ci` does) on loopback, and prints its URL.
 *
 * A plain `node:http` static server: the app is a handful of files, so a dependency would buy
 * nothing. It answers GET and HEAD for files under the app's directory only (a symbolic link
 * that leads out of it is not followed), and sends a Content-Security-Policy that allows nothing
 * but the server itself, so the page provably loads no font, script or style from elsewhere, and
 * cannot be framed by another site; no Referer leaves it.
 */
import { promises as fs } from 'node:fs';
import type { Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { quoteInput } from '../../errors.js';
import { CommandFailure, EXIT_BAD_INPUT } from '../failure.js';
import { CLI_HOME } from '../home.js';
import { type Io, safeText } from '../io.js';
import { wholeFlag } from '../rules-options.js';

/** The built app: dist/web at the package root. */
const APP_DIR = fileURLToPath(new URL('../../dist/web/', CLI_HOME));
const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 5173;
/** Without `--port`, how many ports from the default are tried before giving up. */
const PORTS_TRIED = 50;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const HEADERS = {
  'Content-Security-Policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-cache',
} as const;

/** A running server. */
export interface AppServer {
  /** `http://127.0.0.1:5173/`. */
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

/** Where to serve. */
interface ServeOptions {
  /** The built app; default `APP_DIR`. */
  dir?: string;
  host?: string;
  /** The port; 0 picks any free one. Without it, `DEFAULT_PORT` or the next free one. */
  port?: number;
}

/** Whether `dir` holds a built app; throws `CommandFailure` (exit 2) saying how to build it. */
async function checkBuilt(dir: string): Promise<void> {
  const index = join(dir, 'index.html');
  const found = await fs.stat(index).then(
    (info) => info.isFile(),
    () => false,
  );
  if (!found) {
    throw new CommandFailure(
      `the web app is not built (no ${index}): run 'npm run build:web' (npm ci does it)`,
      EXIT_BAD_INPUT,
    );
  }
}

/**
 * The longest name of a file or folder (in UTF-8 bytes) and the longest path a request may name:
 * the file system's own limits (NAME_MAX, and well within PATH_MAX), far beyond the app's names.
 */
const MAX_NAME_BYTES = 255;
const MAX_PATH_CHARS = 1024;

/** The file under `root` a request path names, or undefined if it names none. */
function fileFor(root: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath.split('?')[0].split('#')[0]);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.length > MAX_PATH_CHARS) return undefined;
  if (path.split('/').some((name) => Buffer.byteLength(name) > MAX_NAME_BYTES)) return undefined;
  const file = resolve(root, `.${path.endsWith('/') ? `${path}index.html` : path}`);
  return file === root || file.startsWith(root + sep) ? file : undefined;
}

function handler(root: string): Parameters<typeof createServer>[1] {
  return (request, response) => {
    const refuse = (status: number, text: string): void => {
      response.writeHead(status, { ...HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
      response.end(request.method === 'HEAD' ? undefined : `${text}\n`);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      refuse(405, 'method not allowed');
      return;
    }
    const file = fileFor(root, request.url ?? '/');
    if (!file) {
      refuse(404, 'not found');
      return;
    }
    // Read whole before answering (the app's files are small): a file that cannot be read is a
    // 500, and the server stays up. Where a link leads is checked: never out of the root.
    const inside = async (): Promise<Buffer> => {
      const real = await fs.realpath(file);
      if (real !== root && !real.startsWith(root + sep)) {
        throw Object.assign(new Error('outside the app'), { code: 'ENOENT' });
      }
      return fs.readFile(real);
    };
    inside().then(
      (body) => {
        response.writeHead(200, {
          ...HEADERS,
          'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          'Content-Length': body.length,
        });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: NodeJS.ErrnoException) => {
        const missing = ['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG'].includes(error.code ?? '');
        if (missing) refuse(404, 'not found');
        else refuse(500, 'this file cannot be read');
      },
    );
  };
}

/** Listens on `port`; resolves to false if it is taken, rejects on any other error. */
function listen(server: Server, host: string, port: number): Promise<boolean> {
  return new Promise((done, fail) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      server.removeListener('listening', onListening);
      if (error.code === 'EADDRINUSE') done(false);
      else fail(error);
    };
    const onListening = (): void => {
      server.removeListener('error', onError);
      done(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Serves the built app; throws `CommandFailure` if it is not built or no port is free. */
export async function serveApp(options: ServeOptions = {}): Promise<AppServer> {
  const host = options.host ?? DEFAULT_HOST;
  await checkBuilt(resolve(options.dir ?? APP_DIR));
  // The root as the file system names it, links resolved: what a file's real path must be under.
  const root = await fs.realpath(resolve(options.dir ?? APP_DIR));
  // Imported here: the bundled CLI would load it at every start-up, for every command.
  const { createServer } = await import('node:http');
  const server = createServer(handler(root));
  const ports =
    options.port === undefined
      ? Array.from({ length: PORTS_TRIED }, (_, i) => DEFAULT_PORT + i)
      : [options.port];
  let listening = false;
  try {
    for (const port of ports) {
      listening = await listen(server, host, port);
      if (listening) break;
    }
  } catch (error) {
    // An address that is none, or not this machine's: bad input, said in one line.
    const { code, message } = error as NodeJS.ErrnoException;
    throw new CommandFailure(
      `cannot listen on ${quoteInput(host)} (${code ?? safeText(message)}): give --host an address of this machine, such as 127.0.0.1`,
      EXIT_BAD_INPUT,
    );
  }
  if (!listening) {
    throw new CommandFailure(
      options.port === undefined
        ? `ports ${ports[0]} to ${ports.at(-1)} are all in use: choose one with --port`
        : `port ${options.port} is in use: choose another with --port, or 0 for any free port`,
    );
  }
  const { port } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${port}/`,
    server,
    close: () =>
      new Promise((done, fail) => {
        server.close((error) => (error ? fail(error) : done()));
        server.closeAllConnections();
      }),
  };
}

interface ServeFlags {
  port?: string;
  host: string;
  dir?: string;
}

/** Registers `serve`. */
export function serveCommand(program: Command, io: Io): void {
  program
    .command('serve')
    .description('serve the web app (play, analyse, browse strategy trees) on this machine')
    .option(
      '--port <p>',
      `port to listen on, 0 for any free one (default: ${DEFAULT_PORT} or the next free one)`,
    )
    .option('--host <h>', 'address to listen on', DEFAULT_HOST)
    .option('--dir <path>', 'serve this built app instead of the one in dist/web')
    .action(async (flags: ServeFlags) => {
      const port = wholeFlag(flags.port, '--port', 0, 65535);
      const app = await serveApp({ dir: flags.dir, host: flags.host, port });
      io.out(`codebreaker web app at ${app.url}  (Ctrl-C stops it)\n`);
    });
}
