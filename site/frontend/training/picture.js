// The decision boundary: the model's score over the plane as a soft two-colour map (which side of
// zero, and how sure), with the training points on top. Canvas, redrawn from the worker's grid.

const SURE = 2; // scores beyond ±SURE get the strongest tint

export function createPicture(parent) {
  const canvas = document.createElement("canvas");
  canvas.className = "bp-trainer__picture";
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", "Decision boundary: press Train to start");
  parent.append(canvas);
  const grid = document.createElement("canvas"); // one pixel per score, scaled up smoothly
  let points = [];
  let labels = [];
  let extent = [0, 1, 0, 1];
  let scores = null;
  let size = 0;

  function colours() {
    const style = getComputedStyle(canvas);
    const read = (name) => style.getPropertyValue(name).trim();
    return { neg: read("--bp-class-neg"), pos: read("--bp-class-pos"), bg: read("--md-default-bg-color"), ink: read("--md-default-fg-color") };
  }

  function draw() {
    const width = canvas.clientWidth || 320;
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio)) {
      canvas.width = canvas.height = Math.round(width * ratio);
    }
    const ctx = canvas.getContext("2d");
    const c = colours();
    ctx.fillStyle = c.bg || "#fff";
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    if (scores) {
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(grid, 0, 0, canvas.width, canvas.height);
    }
    const [x0, x1, y0, y1] = extent;
    const radius = 3.5 * ratio;
    ctx.lineWidth = 1.2 * ratio;
    points.forEach(([x, y], i) => {
      const px = ((x - x0) / (x1 - x0)) * canvas.width;
      const py = ((y1 - y) / (y1 - y0)) * canvas.height;
      ctx.beginPath();
      ctx.arc(px, py, radius, 0, 2 * Math.PI);
      ctx.fillStyle = labels[i] > 0 ? c.pos : c.neg;
      ctx.fill();
      ctx.strokeStyle = c.ink;
      ctx.stroke();
    });
  }

  function paintGrid() {
    const c = colours();
    const neg = rgb(c.neg);
    const pos = rgb(c.pos);
    const bg = rgb(c.bg || "#ffffff");
    grid.width = grid.height = size;
    const ctx = grid.getContext("2d");
    const image = ctx.createImageData(size, size);
    scores.forEach((s, i) => {
      const tint = (s > 0 ? pos : neg).map((v, k) => bg[k] + (v - bg[k]) * (0.15 + 0.45 * Math.min(Math.abs(s) / SURE, 1)));
      image.data.set([...tint, 255], i * 4);
    });
    ctx.putImageData(image, 0, 0);
  }

  new ResizeObserver(() => draw()).observe(canvas);
  new MutationObserver(() => {
    if (scores) paintGrid();
    draw();
  }).observe(document.body, { attributes: true, attributeFilter: ["data-md-color-scheme"] });

  return {
    element: canvas,
    start(data) {
      points = data.points;
      labels = data.labels;
      extent = data.extent;
      scores = null;
      draw();
    },
    show(boundary, description) {
      size = boundary.size;
      scores = boundary.scores;
      paintGrid();
      draw();
      canvas.setAttribute("aria-label", description);
    },
  };
}

// Any CSS colour (Material's dark background is hsla(...)) as [r, g, b]: the canvas normalises it.
let probe = null;
function rgb(colour) {
  probe ??= document.createElement("canvas").getContext("2d");
  probe.fillStyle = "#808080";
  probe.fillStyle = colour;
  const normal = probe.fillStyle; // "#rrggbb", or "rgba(r, g, b, a)" when not opaque
  if (normal.startsWith("#")) return [1, 3, 5].map((i) => parseInt(normal.slice(i, i + 2), 16));
  return normal.match(/[\d.]+/g).slice(0, 3).map(Number);
}
