/** Starts the real, built API (dist/server.js) on a free port with an in-memory, seeded database, and stops it after the run. */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The running API's base URL, e.g. http://127.0.0.1:41234/api. */
    apiBaseUrl: string;
  }
}

const SERVER = fileURLToPath(new URL("../../../../apps/api/dist/server.js", import.meta.url));
// Generous: on a busy machine (parallel builds, browser tests) a cold start with seeding can take over a minute.
const START_TIMEOUT_MS = 180_000;

/** A port nobody listens on right now: the OS picks one for a throwaway server. */
function freePort(): Promise<number> {
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

function stop(child: ChildProcess): Promise<void> {
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

export default async function setup(project: TestProject) {
  if (!existsSync(SERVER)) {
    throw new Error(
      `${SERVER} is missing: build the API first (pnpm --filter @shop/api build, or run the tests through turbo)`,
    );
  }
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      DATABASE_URL: "memory:",
      HOST: "127.0.0.1",
      // The files sign up more shoppers than one address may in an hour; the API's own tests cover the limits.
      RATE_LIMIT_EXEMPT: "127.0.0.1",
      PORT: String(port),
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      SEED: "true",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
    },
    stdio: ["ignore", "inherit", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    process.stderr.write(chunk);
  });

  const baseUrl = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}:\n${stderr}`);
      try {
        const response = await fetch(`${baseUrl}/health`);
        if (response.status === 200) break;
      } catch {}
      if (Date.now() > deadline)
        throw new Error(`the API did not answer within ${START_TIMEOUT_MS} ms:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    await stop(child);
    throw error;
  }

  project.provide("apiBaseUrl", baseUrl);
  return () => stop(child);
}
