// Loaded from <head> (async) on pages that run Python: starts the worker while the page is still being
// parsed, before main.js and the widgets. python() is one client per page, so main.js finds it started.

import { mayReloadForIsolation } from "./offline/index.js";
import { python } from "./worker-client/client.js";

// A first visit that will reload to become cross-origin isolated starts Python after the reload.
if (!mayReloadForIsolation()) python().start();
