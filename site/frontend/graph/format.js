// Numbers as every diagram shows them: four significant digits, like Python's f"{x:.4g}"
// (backprop_graph.fmt at build time and in the worker), so the table and the drawing agree.

export function fmt(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return "—";
  if (x === 0) return "0";
  const [mantissa, exponentText] = x.toExponential(3).split("e");
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 4) {
    const sign = exponent < 0 ? "-" : "+";
    return `${trimZeros(mantissa)}e${sign}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  return trimZeros(x.toFixed(3 - exponent));
}

function trimZeros(text) {
  return text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
}
