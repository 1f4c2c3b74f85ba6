/** Starts the shop the way the README does (the built server, its embedded database seeded on first start) and stops it. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SERVER = join(REPO_ROOT, "apps/server/dist/server.js");
// A fresh data folder is migrated and seeded at start: on a busy machine of two cores that can take minutes.
const START_TIMEOUT_MS = 180_000;

export interface RunningShop {
  /** http://localhost:{port} */
  shopUrl: string;
  /** http://admin.localhost:{port} */
  adminUrl: string;
  port: number;
  dataDir: string;
  /** What the server printed, for failures. */
  output(): string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("could not read the free port"));
      });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export interface StartOptions {
  /** A data folder to use and keep (a second start on the same shop); by default a fresh one, deleted on stop. */
  dataDir?: string;
  /** The port to listen on (a restart where open pages expect the shop); by default a free one. */
  port?: number;
}

/**
 * Starts `node apps/server/dist/server.js` (what `pnpm start` runs after building) on a free port and a fresh data
 * folder. `extraEnv` is added to the server's environment; as a function it is given the port first (for
 * settings that name the shop's own address, such as PUBLIC_ORIGIN).
 */
export async function startShop(
  extraEnv: Record<string, string> | ((port: number) => Record<string, string>) = {},
  options: StartOptions = {},
): Promise<RunningShop> {
  if (!existsSync(SERVER)) {
    throw new Error(`${SERVER} is missing: build first (pnpm build, or run the tests through turbo)`);
  }
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "shop-e2e-")));
  let output = "";
  const child = spawn(process.execPath, ["--enable-source-maps", SERVER], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Every journey signs in from this machine: some forty sign-ins a run would pass the per-address login
      // limit (30 in 15 minutes), which the API's own tests hold. The per-account limits still apply.
      RATE_LIMIT_EXEMPT: "127.0.0.1",
      // The addresses the shop is known by, as production requires them to be set.
      PUBLIC_ORIGIN: `http://localhost:${port}`,
      ADMIN_HOST: `admin.localhost:${port}`,
      ...(typeof extraEnv === "function" ? extraEnv(port) : extraEnv),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const shopUrl = `http://localhost:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      throw new Error(`the shop exited with ${child.exitCode}:\n${output}`);
    }
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stopChild(child);
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
      throw new Error(`the shop did not answer within ${START_TIMEOUT_MS} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    shopUrl,
    adminUrl: `http://admin.localhost:${port}`,
    port,
    dataDir,
    output: () => output,
    async stop() {
      await stopChild(child);
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
