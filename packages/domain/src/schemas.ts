/** The contract between the API and its clients: zod schemas and types for every entity and request body. */
export * from "./schemas/admin.ts";
export * from "./schemas/public.ts";
