// Every visible text of a diagram with its colour and what is behind it (see test_graphs.py):
// SVG texts over their node, operation or label shape; the widget's buttons over their background.
(figure => {
  const parse = c => (c.match(/[\d.]+/g) || []).map(Number);
  const fills = [];
  const page = parse(getComputedStyle(figure.querySelector('.bp-graph__canvas')).backgroundColor);
  figure.querySelectorAll('svg text').forEach(t => {
    const group = t.closest('.bp-node, .bp-op, .bp-edge-label');
    if (!group || getComputedStyle(group).display === 'none') return;
    const shape = group.querySelector('.bp-node__box, .bp-op__shape, .bp-edge-label__bg');
    for (const part of [t, ...t.querySelectorAll('tspan')]) {
      if (!part.textContent.trim()) continue;
      fills.push({text: part.textContent, fg: parse(getComputedStyle(part).fill),
                  bg: parse(getComputedStyle(shape).fill), page});
    }
  });
  figure.querySelectorAll('button').forEach(b => {
    const style = getComputedStyle(b);
    if (b.disabled || style.display === 'none') return;
    fills.push({text: b.textContent, fg: parse(style.color), bg: parse(style.backgroundColor), page});
  });
  return fills;
})
