// A stored list loads its parser only when there is something to parse: a first visit's page does not load it.
import { parseStoredList } from "@shop/domain/stored-lists";
import { createStore } from "jotai";
import { beforeEach, expect, it } from "vitest";
import { storedList } from "./stored-list.ts";

interface Item {
  id: string;
  title: string;
}

let parserLoads = 0;
const list = () =>
  storedList<Item>("test_items", async () => {
    parserLoads += 1;
    return (raw) => parseStoredList<Item & { price: number }>(raw);
  });

beforeEach(() => {
  localStorage.clear();
  parserLoads = 0;
});

it("reads an empty storage as an empty list without loading the parser", async () => {
  const { items, load, save } = list();
  const store = createStore();
  expect(await store.set(load)).toBe(true);
  expect(store.get(items)).toEqual([]);
  expect(parserLoads).toBe(0);
  // Loaded once: a later change does not read storage again.
  store.set(save, [{ id: "a", title: "A" }]);
  expect(await store.set(load)).toBe(true);
  expect(store.get(items)).toEqual([{ id: "a", title: "A" }]);
  expect(parserLoads).toBe(0);
});

it("loads the parser when something is stored, and reads it through it", async () => {
  localStorage.setItem("test_items", JSON.stringify([{ id: "a", title: "A", price: 3 }, { id: 7 }]));
  const { items, load } = list();
  const store = createStore();
  expect(await store.set(load)).toBe(true);
  expect(parserLoads).toBe(1);
  // The parser decides what is stored: here, the bad entry resets the list, as the stored-lists rules say.
  expect(store.get(items)).toEqual(parseStoredList(localStorage.getItem("test_items")));
});
