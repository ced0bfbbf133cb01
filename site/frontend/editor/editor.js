// The code editor: CodeMirror 6 with Python, following Material's light/dark palette via CSS variables.

import { defaultKeymap, history, historyKeymap, indentWithTab, isolateHistory, undo } from "@codemirror/commands";
import { python as pythonLanguage } from "@codemirror/lang-python";
import { bracketMatching, HighlightStyle, indentOnInput, indentUnit, syntaxHighlighting } from "@codemirror/language";
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import { Decoration, EditorView, highlightActiveLine, keymap, lineNumbers } from "@codemirror/view";
import { tags } from "@lezer/highlight";

// Colours come from Material's code-highlighting variables, so they switch with the palette.
const highlight = HighlightStyle.define([
  { tag: [tags.keyword, tags.controlKeyword, tags.operatorKeyword], color: "var(--md-code-hl-keyword-color)" },
  { tag: [tags.string, tags.special(tags.string)], color: "var(--md-code-hl-string-color)" },
  { tag: [tags.number, tags.bool, tags.null], color: "var(--md-code-hl-number-color)" },
  { tag: tags.comment, color: "var(--md-code-hl-comment-color)", fontStyle: "italic" },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: "var(--md-code-hl-function-color)" },
  { tag: [tags.className, tags.definition(tags.className)], color: "var(--md-code-hl-constant-color)" },
  { tag: [tags.operator, tags.punctuation], color: "var(--md-code-hl-operator-color)" },
  { tag: tags.self, color: "var(--md-code-hl-special-color)" },
]);

const theme = EditorView.theme({
  "&": { backgroundColor: "var(--md-code-bg-color)", color: "var(--md-code-fg-color)", fontSize: "0.8rem" },
  ".cm-content": { fontFamily: "var(--md-code-font-family)", caretColor: "var(--md-code-fg-color)" },
  ".cm-gutters": { backgroundColor: "var(--md-code-bg-color)", color: "var(--md-default-fg-color--light)", border: "none" },
  "&.cm-focused .cm-activeLine": { backgroundColor: "var(--md-code-hl-color--light, transparent)" },
  ".cm-activeLine": { backgroundColor: "transparent" },
  "&.cm-focused": { outline: "2px solid var(--md-accent-fg-color)" },
  ".cm-cursor, .cm-dropCursor": { borderLeftColor: "var(--md-code-fg-color)" },
  "&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection":
    { backgroundColor: "var(--bp-selection-bg)" },
  ".cm-activeLineGutter": { backgroundColor: "transparent", color: "var(--md-default-fg-color)" },
  "&.cm-focused .cm-matchingBracket": { backgroundColor: "var(--bp-bracket-bg)", outline: "1px solid var(--bp-bracket-outline)" },
  "&.cm-focused .cm-nonmatchingBracket": { backgroundColor: "var(--bp-error-bg)" },
  ".cm-error-line": { backgroundColor: "var(--bp-error-bg)" },
  ".cm-error-caret": { textDecoration: "underline wavy var(--bp-error-fg)", textDecorationSkipInk: "none", textUnderlineOffset: "3px" },
});

// Marking the line an error points at (and, for a SyntaxError, the column); cleared on the next edit.
const setErrorLine = StateEffect.define();
const errorLine = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    if (tr.docChanged) return Decoration.none;
    for (const effect of tr.effects) {
      if (effect.is(setErrorLine)) {
        if (effect.value === null) return Decoration.none;
        const { line: number, col } = effect.value;
        const line = tr.state.doc.line(Math.min(Math.max(number, 1), tr.state.doc.lines));
        const ranges = [Decoration.line({ class: "cm-error-line", attributes: { "data-error": "true" } }).range(line.from)];
        if (col && line.length) {
          const from = line.from + Math.min(col - 1, line.length - 1);
          ranges.push(Decoration.mark({ class: "cm-error-caret" }).range(from, from + 1));
        }
        return Decoration.set(ranges);
      }
    }
    return marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

let editors = 0;

// CodeMirror draws only the lines near the screen and estimates the height of the others: an editor
// scrolled into view could shrink or grow by a line or two, moving the buttons under the pointer. Cells are short, so every line is drawn once (CodeMirror's own print mode, which lifts
// the viewport limit), and then every height is a measured one; again whenever the width changes.
function measureEveryLine(view) {
  let width = -1;
  const measure = () => {
    const now = view.contentDOM.clientWidth;
    if (!view.dom.isConnected || !now || Math.abs(now - width) < 1) return;
    width = now;
    view.viewState.printing = true;
    try {
      view.measure();
    } finally {
      view.viewState.printing = false;
    }
  };
  measure();
  new ResizeObserver(() => measure()).observe(view.dom);
}

export function createEditor(parent, { code, label, onRun, onChange }) {
  // Keyboard help for screen readers: Tab indents here, so leaving the editor needs Escape first.
  const help = document.createElement("span");
  help.id = `bp-editor-help-${++editors}`;
  help.className = "bp-visually-hidden";
  help.textContent = "Python code. Tab indents, Shift+Tab dedents; press Escape then Tab to leave the editor. Ctrl+Enter runs.";
  parent.append(help);
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: code,
      extensions: [
        lineNumbers(),
        history(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(highlight),
        pythonLanguage(),
        indentUnit.of("    "),
        // No line wrapping: on a phone a wrapped line loses its indentation, which is Python's syntax.
        // A long line scrolls sideways inside the editor instead.
        errorLine,
        theme,
        // tabindex: the content is in the tab order anyway (contenteditable); said, axe-core counts its scroller reachable.
        EditorView.contentAttributes.of({ "aria-label": label, "aria-multiline": "true", "aria-describedby": help.id, tabindex: "0" }),
        keymap.of([
          { key: "Mod-Enter", run: () => (onRun?.(), true) },
          { key: "Shift-Enter", run: () => (onRun?.(), true) },
          indentWithTab,
          ...defaultKeymap,
          ...historyKeymap,
        ]),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange?.(update.state.doc.toString());
        }),
      ],
    }),
  });
  measureEveryLine(view);
  return {
    view,
    get code() {
      return view.state.doc.toString();
    },
    // Replace the whole text as one undoable change (Reset and Solution can be undone).
    setCode(text) {
      // Its own undo step, never merged with typing just before it.
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        annotations: isolateHistory.of("full"),
      });
    },
    undo: () => undo(view),
    // Mark an error's line (1-based) and optionally its column; null clears the mark.
    markLine(line, col = null) {
      if (line == null) return view.dispatch({ effects: setErrorLine.of(null) });
      const at = view.state.doc.line(Math.min(Math.max(line, 1), view.state.doc.lines)).from;
      view.dispatch({ effects: [setErrorLine.of({ line, col }), EditorView.scrollIntoView(at, { y: "nearest" })] });
    },
    focus: () => view.focus(),
  };
}
