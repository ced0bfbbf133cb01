// The training feature's entry: the moons trainer (lesson 5's live training) and the names trainer (the
// GPT module's names page), which share trainer.js's run skeleton.

export { mountMoonsTrainers } from "./moons.js";
export { mountNamesTrainers } from "./names.js";
