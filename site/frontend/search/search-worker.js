// Site search, indexed on the first query instead of on every page load. Material's search worker
// builds its Lunr index as soon as a page opens: about a third of a lesson page's start-up CPU, for a
// search most visits never use. This worker stands in for it (search.py points Material's config
// here): it says "ready" at once and keeps the index data; the first query loads Material's worker
// (its URL is our `material` parameter), hands it that data, and from then on passes messages through.
// The message types are Material's SearchMessageType (integrations/search/worker/message).

const SETUP = 0;
const READY = 1;
const QUERY = 2;
const RESULT = 3;

const materialUrl = new URL(new URL(self.location.href).searchParams.get("material"), self.location.href);
let setup = null; // Material's SETUP message, held until the first query
let material = null; // a promise of Material's message listener, indexed and ready

// Material's worker, started on the index: it adds one "message" listener and answers with the global
// postMessage; its READY is ours to wait for (the page already had one from us).
function startMaterial() {
  const post = self.postMessage.bind(self);
  const listen = self.addEventListener.bind(self);
  let listener = null;
  let indexed;
  const ready = new Promise((resolve) => {
    indexed = resolve;
  });
  self.addEventListener = (type, handler) => {
    if (type === "message") listener = handler;
    else listen(type, handler);
  };
  self.postMessage = (message) => (message?.type === READY ? indexed() : post(message));
  importScripts(materialUrl.href);
  self.addEventListener = listen;
  listener({ data: setup });
  return ready.then(() => listener);
}

self.addEventListener("message", async ({ data }) => {
  if (data?.type === SETUP) {
    setup = data;
    self.postMessage({ type: READY });
    return;
  }
  if (data?.type === QUERY && !material && !String(data.data).trim()) {
    // The page sends an empty query once it is ready; Material's worker answers it with no items too.
    self.postMessage({ type: RESULT, data: { items: [] } });
    return;
  }
  // Queries come only after our READY, so after SETUP.
  if (data?.type === QUERY) material ??= startMaterial();
  if (material) (await material)({ data });
});
