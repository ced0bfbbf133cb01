// A name the learner types for the GPT to read (the attention picture and the loss letter by letter).

export const MAX_LETTERS = 15; // the model's context: 16 positions, the start token first
const LETTERS = /^[a-z]+$/;

// The name as the model reads it, and why it cannot ("" when it can).
export function typedName(text) {
  const wanted = text.trim().toLowerCase();
  const problem = !wanted ? "Type a name: at least one letter." : !LETTERS.test(wanted) ? "Use only the letters a to z." : wanted.length > MAX_LETTERS ? `The model reads at most ${MAX_LETTERS} letters.` : "";
  return { wanted, problem };
}
