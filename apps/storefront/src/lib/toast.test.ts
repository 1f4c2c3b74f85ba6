// A list action that fails in a way nobody planned for ends as the spec's 'Error desconocido' toast.
import { createStore } from "jotai";
import { expect, it } from "vitest";
import { orUnknownError, pendingToastsAtom } from "./toast.ts";

it("answers undefined and queues 'Error desconocido' instead of rejecting", async () => {
  const store = createStore();
  const result = await orUnknownError(store.set, async () => {
    throw new TypeError("Failed to fetch dynamically imported module");
  });
  expect(result).toBeUndefined();
  await expect
    .poll(() => store.get(pendingToastsAtom).map((t) => [t.type, t.message]))
    .toEqual([["error", "Error desconocido"]]);
});

it("passes a successful action's result through without a toast", async () => {
  const store = createStore();
  expect(await orUnknownError(store.set, async () => 42)).toBe(42);
  expect(store.get(pendingToastsAtom)).toEqual([]);
});
