// The code editor: CodeMirror 6 with Python, following Material's light/dark palette via CSS variables.

import { defaultKeymap, history, historyKeymap, indentWithTab, undo } from "@codemirror/commands";
import { python as pythonLanguage } from "@codemirror/lang-python";
import { bracketMatching, HighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
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
  ".cm-activeLine": { backgroundColor: "var(--md-code-hl-color--light, transparent)" },
  "&.cm-focused": { outline: "2px solid var(--md-accent-fg-color)" },
  ".cm-error-line": { backgroundColor: "var(--bp-error-bg)" },
});

// Marking the line an error points at; cleared on the next edit.
const setErrorLine = StateEffect.define();
const errorLine = StateField.define({
  create: () => Decoration.none,
  update(marks, tr) {
    if (tr.docChanged) return Decoration.none;
    for (const effect of tr.effects) {
      if (effect.is(setErrorLine)) {
        if (effect.value === null) return Decoration.none;
        const line = tr.state.doc.line(Math.min(Math.max(effect.value, 1), tr.state.doc.lines));
        return Decoration.set([Decoration.line({ class: "cm-error-line" }).range(line.from)]);
      }
    }
    return marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

export function createEditor(parent, { code, label, onRun, onChange }) {
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
        errorLine,
        theme,
        EditorView.contentAttributes.of({ "aria-label": label, "aria-multiline": "true" }),
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
  return {
    view,
    get code() {
      return view.state.doc.toString();
    },
    // Replace the whole text as one undoable change (Reset and Solution can be undone).
    setCode(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    undo: () => undo(view),
    markLine(line) {
      view.dispatch({ effects: setErrorLine.of(line ?? null) });
    },
    focus: () => view.focus(),
  };
}
