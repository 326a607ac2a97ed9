// A fresh `agora serve` for one test: its own temporary data directory and database, any free
// port on 127.0.0.1, no rate limits (a scripted browser acts faster than anyone can). Stopped
// when the test ends, passed or failed; its standard error is printed when the test failed.

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder (e2e/lib/ is two levels below it). */
export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** How long the server may take to print its address. */
const START_TIMEOUT_MS = 30_000;
/** How long SIGTERM may take before SIGKILL. */
const STOP_TIMEOUT_MS = 5_000;
/** Standard error kept for a failure report: the last this many characters. */
const STDERR_KEEP = 256 * 1024;

/** Every server still running, killed if the test process exits without stopping them. */
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The `agora` binary to run: `$AGORA_BIN`, else the debug build in `$CARGO_TARGET_DIR` or
 * `target/`.
 */
export function agoraBinary() {
  if (process.env.AGORA_BIN) return resolve(process.env.AGORA_BIN);
  const targetDir = process.env.CARGO_TARGET_DIR
    ? resolve(repoRoot, process.env.CARGO_TARGET_DIR)
    : join(repoRoot, 'target');
  return join(targetDir, 'debug', 'agora');
}

/**
 * Starts `agora serve` for the test `t` (node:test's TestContext) and resolves once it serves.
 * `extraArgs` go after the harness's own flags; `database` is a database URL to use instead of
 * a new SQLite file (several servers on one PostgreSQL: see `postgresDatabase`). The server stops when `t` ends; its standard
 * error is printed then if `t` failed, with the data directory kept for a look.
 *
 * @param {import('node:test').TestContext} t
 * @param {{extraArgs?: string[], env?: Record<string, string>}} [options]
 * @returns {Promise<AgoraServer>}
 */
export async function startServer(t, { extraArgs = [], env = {}, database } = {}) {
  const server = await AgoraServer.start({ extraArgs, env, database });
  t.after(async () => {
    await server.stop();
    if (t.passed) {
      server.removeDataDir();
    } else {
      process.stderr.write(server.failureReport());
    }
  });
  return server;
}

/** One running `agora serve` process. */
export class AgoraServer {
  /** @type {import('node:child_process').ChildProcess} */
  #child;
  #stderr = '';
  #exited;

  /** The base URL, such as `http://127.0.0.1:41234/` (with the trailing slash). */
  url;
  /** The temporary folder holding the database. */
  dataDir;

  constructor(child, dataDir) {
    this.#child = child;
    this.dataDir = dataDir;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      this.#stderr = (this.#stderr + chunk).slice(-STDERR_KEEP);
    });
    this.#exited = new Promise((resolveExit) => {
      child.on('exit', (code, signal) => {
        running.delete(child);
        resolveExit({ code, signal });
      });
    });
  }

  /** Starts a server without a test context: the caller must `stop()` it. */
  static async start({ extraArgs = [], env = {}, database } = {}) {
    const binary = agoraBinary();
    if (!existsSync(binary)) {
      throw new Error(
        `no agora binary at ${binary}: build it first with \`cargo build -p agora-cli\` ` +
          '(or point AGORA_BIN at one)',
      );
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'agora-e2e-'));
    const args = [
      'serve',
      '--bind',
      '127.0.0.1:0',
      '--database',
      database ?? `sqlite://${join(dataDir, 'agora.db')}`,
      '--no-rate-limits',
      // The computers move at once unless a test is about their pace (it passes its own).
      ...(extraArgs.includes('--ai-pace-ms') ? [] : ['--ai-pace-ms', '0']),
      ...extraArgs,
    ];
    const child = spawn(binary, args, {
      cwd: dataDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        // Nothing may land in the developer's own data directory.
        XDG_DATA_HOME: dataDir,
        RUST_LOG: process.env.RUST_LOG ?? 'info',
        ...env,
      },
    });
    running.add(child);
    const server = new AgoraServer(child, dataDir);
    try {
      server.url = await server.#readAddress();
    } catch (error) {
      await server.stop();
      error.message += `\n${server.failureReport()}`;
      throw error;
    }
    return server;
  }

  /** Waits for the `agora: serving on http://…/` line on standard output. */
  #readAddress() {
    const child = this.#child;
    return new Promise((resolveUrl, reject) => {
      let stdout = '';
      const timer = setTimeout(
        () => reject(new Error(`agora serve printed no address within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        const found = /serving on (http:\/\/\S+\/)/.exec(stdout);
        if (found) {
          clearTimeout(timer);
          resolveUrl(found[1]);
        }
      });
      this.#exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`agora serve exited before serving (code ${code}, signal ${signal})`));
      });
    });
  }

  /** An absolute URL for `path` on this server (`/api/health` → `http://…/api/health`). */
  at(path) {
    return new URL(path, this.url).href;
  }

  /** What the server wrote to standard error so far (its last 256 KiB). */
  get stderr() {
    return this.#stderr;
  }

  /** Stops the server: SIGTERM, then SIGKILL if it has not exited within 5 s. */
  async stop() {
    const child = this.#child;
    if (child.exitCode !== null || child.signalCode !== null) return this.#exited;
    child.kill('SIGTERM');
    let timer;
    const killed = new Promise((resolveKill) => {
      timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolveKill();
      }, STOP_TIMEOUT_MS);
    });
    await Promise.race([this.#exited, killed]);
    clearTimeout(timer);
    return this.#exited;
  }

  /** Deletes the data directory (after `stop()`). */
  removeDataDir() {
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** Standard error and where the data is, for a failed test's output. */
  failureReport() {
    return (
      `--- agora serve (data in ${this.dataDir}), standard error:\n` +
      `${this.#stderr || '(empty)\n'}--- end of agora serve's standard error\n`
    );
  }
}

/**
 * A new, empty PostgreSQL database on the server the tests were given (`AGORA_TEST_POSTGRES`,
 * which `scripts/test` starts and sets), for servers that share it; `null` when none was given
 * and none is required (`AGORA_REQUIRE_POSTGRES`, also set by `scripts/test`).
 */
export function postgresDatabase(name) {
  const server = process.env.AGORA_TEST_POSTGRES;
  if (!server) {
    if (process.env.AGORA_REQUIRE_POSTGRES) {
      throw new Error('AGORA_REQUIRE_POSTGRES is set but AGORA_TEST_POSTGRES names no server');
    }
    return null;
  }
  const database = `agora_e2e_${name}_${process.pid}_${Date.now() % 100000}`;
  execFileSync('psql', ['-q', server, '-c', `CREATE DATABASE ${database}`]);
  return server.replace(/\/[^/]*$/, `/${database}`);
}
