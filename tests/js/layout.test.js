// graph/layout.js: dagre places the seed example (a = 2, b = 3, c = a * b, L = c + a) left to right.
import assert from "node:assert/strict";
import { test } from "node:test";
import { layoutGraph } from "../../site/frontend/graph/layout.js";

const SEED = {
  nodes: [{ op: "" }, { op: "" }, { op: "*" }, { op: "+" }], // a, b, c, L
  edges: [
    { from: 0, to: 2 },
    { from: 1, to: 2 },
    { from: 2, to: 3 },
    { from: 0, to: 3 },
  ],
};
const SIZES = {
  value: () => ({ width: 90, height: 40 }),
  op: () => ({ width: 24, height: 24 }),
  label: () => ({ width: 50, height: 16 }),
};

const overlap = (p, q) => p.x < q.x + q.width && q.x < p.x + p.width && p.y < q.y + q.height && q.y < p.y + p.height;

test("every value and operation gets a box of its size, inside the drawing", () => {
  const layout = layoutGraph(SEED, SIZES);
  assert.equal(layout.values.length, 4);
  assert.deepEqual(
    layout.ops.map((o) => o !== null),
    [false, false, true, true],
  );
  for (const box of [...layout.values, ...layout.ops.filter(Boolean)]) {
    assert.ok(box.x >= 0 && box.y >= 0, JSON.stringify(box));
    assert.ok(box.x + box.width <= layout.width && box.y + box.height <= layout.height, JSON.stringify(box));
  }
});

test("no two boxes overlap", () => {
  const layout = layoutGraph(SEED, SIZES);
  const boxes = [...layout.values, ...layout.ops.filter(Boolean)];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) assert.ok(!overlap(boxes[i], boxes[j]), `boxes ${i} and ${j}`);
  }
});

test("inputs on the left, each operation just before its value, the output on the right", () => {
  const { values, ops } = layoutGraph(SEED, SIZES);
  const [a, b, c, L] = values;
  assert.ok(a.x < c.x && b.x < c.x && c.x < L.x);
  assert.ok(ops[2].x < c.x && ops[3].x < L.x && ops[3].x > c.x);
});

test("each edge has a path and a place for its label", () => {
  const { edges } = layoutGraph(SEED, SIZES);
  assert.equal(edges.length, SEED.edges.length);
  for (const edge of edges) {
    assert.ok(edge.points.length >= 2);
    assert.ok(Number.isFinite(edge.label.x) && Number.isFinite(edge.label.y));
  }
});
