// Numbers on charts: axis ticks and hover values that stay readable from 1e-12 to 1e12
// (uPlot's defaults print every tick of a log axis below 0.001 as "0").

// A tick: 0.001, 0.5, 20, 1e-6, 2e+5: the shortest text that tells ticks apart.
export function tickText(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return "";
  if (x === 0) return "0";
  const size = Math.abs(x);
  if (size < 1e-3 || size >= 1e5) return trimExponent(x.toExponential(size === 10 ** Math.round(Math.log10(size)) ? 0 : 1));
  return String(Number(x.toPrecision(4)));
}

// A hover value: four significant digits, exponent form for the very small and the very big.
export function valueText(x) {
  if (x === null || x === undefined || !Number.isFinite(x)) return "—";
  if (x === 0) return "0";
  const size = Math.abs(x);
  if (size < 1e-3 || size >= 1e5) return trimExponent(x.toExponential(3));
  return String(Number(x.toPrecision(4)));
}

// 1.500e-7 -> 1.5e-7
function trimExponent(text) {
  const [mantissa, exponent] = text.split("e");
  const short = mantissa.includes(".") ? mantissa.replace(/0+$/, "").replace(/\.$/, "") : mantissa;
  return `${short}e${exponent}`;
}
