// Declarations that live beside the code they extend, loaded so the modules the benchmarks import typecheck as
// they do in their own packages: the API's Fastify augmentations (app.db, request.caller, route access) and what
// the journeys' global setup provides to their helpers (shopUrl, adminUrl).
import type {} from "@shop/api/src/app.ts";
import type {} from "@shop/e2e/global-setup";
