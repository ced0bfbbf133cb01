// The two DOM builders every feature uses: a button in the site's style, and an element with a class.

export function button(label, className, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `md-button bp-button ${className}`;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

export function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
