// Boxes of a diagram's nodes and edge labels that overlap, and texts outside their boxes (see graph_helpers.py).
(figure => {
  const boxes = [];
  const add = (kind, el) => {
    const r = el.getBoundingClientRect();
    if (r.width && r.height) boxes.push({kind, name: el.closest('[data-node],[data-edge]')?.outerHTML.slice(0, 60),
      x0: r.left, y0: r.top, x1: r.right, y1: r.bottom});
  };
  figure.querySelectorAll('.bp-node__box, .bp-op__shape').forEach(el => add('node', el));
  figure.querySelectorAll('.bp-edge-label:not(.is-empty):not(.is-hidden) .bp-edge-label__bg').forEach(el => add('label', el));
  const clashes = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.5)
      clashes.push([a.name, b.name]);
  }
  const overflow = [];
  figure.querySelectorAll('.bp-node').forEach(node => {
    const box = node.querySelector('.bp-node__box').getBoundingClientRect();
    node.querySelectorAll('text').forEach(t => {
      const r = t.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5)
        overflow.push(t.textContent);
    });
  });
  figure.querySelectorAll('.bp-edge-label:not(.is-empty):not(.is-hidden)').forEach(label => {
    const box = label.querySelector('.bp-edge-label__bg').getBoundingClientRect();
    const r = label.querySelector('text').getBoundingClientRect();
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5) overflow.push(label.textContent);
  });
  return {count: boxes.length, clashes, overflow};
})
