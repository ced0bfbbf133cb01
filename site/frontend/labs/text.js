// Feedback text from graders: plain text where `backticks` mark code. Built with DOM nodes, never HTML.

export function richText(parent, text) {
  String(text)
    .split("`")
    .forEach((part, i) => {
      if (!part) return;
      if (i % 2) {
        const code = document.createElement("code");
        code.textContent = part;
        parent.append(code);
      } else {
        parent.append(part);
      }
    });
  return parent;
}
