// The home page's "Your work" panel: Back up my progress (a JSON file), Restore from a backup (asked
// first, saying what will change), Download my code (a zip to run at home), and whether the browser
// promised to keep this site's storage.

import { button, element, setDisabled } from "../dom.js";
import { whyNotStored } from "../cells/storage.js";
import { makeCodeZip } from "./code-download.js";
import { backupFileName, count, createBackup, describePlan, parseBackup, restoreBackup, restorePlan } from "./backup.js";

export function mountBackupPanel(holder) {
  const panel = element("section", "bp-backup");
  panel.setAttribute("aria-labelledby", "bp-backup-heading");
  const heading = element("h3", "bp-backup__heading", "Your work");
  heading.id = "bp-backup-heading";
  const kept = element("p", "bp-backup__kept");
  const backUp = button("Back up my progress", "bp-backup__save", () => download());
  const pick = element("label", "md-button bp-button bp-backup__restore", "Restore from a backup");
  const file = element("input", "bp-backup__file");
  Object.assign(file, { type: "file", accept: ".json,application/json" });
  pick.append(file);
  const code = button("Download my code", "bp-backup__code", () => downloadCode());
  const actions = element("div", "bp-backup__actions");
  actions.append(backUp, pick, code);
  const news = element("p", "bp-backup__news");
  news.setAttribute("role", "status");
  const confirm = element("div", "bp-backup__confirm");
  confirm.hidden = true;
  panel.append(heading, kept, actions, news, confirm);
  holder.after(panel);

  function say(text, kind = "") {
    news.textContent = text;
    news.dataset.kind = kind;
  }

  function download() {
    const backup = createBackup();
    const name = backupFileName(backup);
    saveFile(new Blob([JSON.stringify(backup, null, 1)], { type: "application/json" }), name);
    say(`Saved ${name}: ${Object.keys(backup.labs).length} passed labs and the code of ${Object.keys(backup.code).length} cells.`);
  }

  async function downloadCode() {
    setDisabled(code, true);
    panel.dataset.code = "making";
    say("Putting your code together…");
    try {
      const { name, blob, summary } = await makeCodeZip((text) => say(text));
      saveFile(blob, name);
      panel.dataset.code = "saved";
      say(summary, "done");
    } catch (error) {
      panel.dataset.code = "error";
      say(`Your code could not be put in a zip: ${error?.message ?? error}. Nothing was changed; try again.`, "error");
    } finally {
      setDisabled(code, false);
    }
  }

  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    file.value = ""; // the same file can be chosen again
    if (!chosen) return;
    confirm.hidden = true;
    const { backup, error } = parseBackup(await chosen.text());
    if (error) return say(`${chosen.name}: ${error}`, "error");
    const plan = restorePlan(backup);
    const text = element("p", "", describePlan(plan, backup));
    const changes = plan.passes.length + plan.added.length + plan.replaced.length;
    const yes = button("Restore the backup", "bp-backup__yes md-button--primary", () => restore(backup, plan));
    const no = button("Keep mine", "bp-backup__no", () => {
      confirm.hidden = true;
      say("Nothing was restored.");
      backUp.focus();
    });
    confirm.replaceChildren(text, ...(changes ? [yes, no] : []));
    confirm.hidden = false;
    say("");
    (changes ? yes : backUp).focus();
  });

  function restore(backup, { passes, added, replaced }) {
    confirm.hidden = true;
    try {
      restoreBackup(backup);
    } catch (error) {
      return say(`Not all of the backup was restored: ${whyNotStored(error)}. Try again after freeing space.`, "error");
    }
    const cells = added.length + replaced.length;
    say(`Restored: ${count(passes.length, "lab")} passed and your code in ${count(cells, "cell")}. The lessons show it when you open them.`, "done");
    backUp.focus();
  }

  showKept(kept);
}

function saveFile(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = element("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

// Whether the browser promised not to clear this site's storage (asked on a learner's first pass).
async function showKept(line) {
  const persisted = await navigator.storage?.persisted?.().catch(() => null);
  line.dataset.persisted = String(persisted);
  line.textContent =
    persisted === true
      ? "This browser keeps your work here: it has promised not to clear this site's storage on its own."
      : persisted === false
        ? "This browser may clear this site's storage when space runs low or after a while without a visit: back up your progress to keep it."
        : "This browser does not say whether it keeps this site's storage: back up your progress to keep it.";
}

