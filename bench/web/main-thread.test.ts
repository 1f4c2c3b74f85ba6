import { describe, expect, it } from "vitest";
import { type TraceEvent, tasksAfterFirstPaint } from "./main-thread.ts";

const task = (tid: number, startMs: number, ms: number): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ts: startMs * 1000,
  dur: ms * 1000,
  tid,
});

describe("tasksAfterFirstPaint", () => {
  it("measures the busiest thread's tasks from the first contentful paint on", () => {
    const events = [
      task(1, 0, 300), // before the paint: not counted
      { name: "firstContentfulPaint", ph: "I", ts: 400_000, tid: 1 },
      task(1, 500, 120),
      task(1, 700, 40),
      task(1, 800, 80),
      task(2, 500, 200), // another thread, less busy in all
    ];
    expect(tasksAfterFirstPaint(events, "/")).toEqual({ longestMs: 120, blockingMs: 70 + 30, busyMs: 240 });
  });

  it("refuses a trace without a first paint", () => {
    expect(() => tasksAfterFirstPaint([task(1, 0, 10)], "/shop")).toThrow(
      /first paint in the trace of \/shop/,
    );
  });
});
