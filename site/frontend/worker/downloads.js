// Watches the worker's downloads (Pyodide fetches its wasm and standard library with fetch):
// reports bytes as they arrive, and turns a failed download into an error at once.

// sizes: a promise of {fileName: bytes} from build.json, so progress has a total before headers arrive.
export function watchDownloads({ onProgress, sizes }) {
  const originalFetch = self.fetch.bind(self);
  const expected = new Map(); // url -> expected bytes
  const early = new Map(); // url -> a download started before Pyodide asked for it (prefetch)
  let loaded = 0;
  let known = {};
  let rejectFailed;
  const failed = new Promise((_, reject) => {
    rejectFailed = reject;
  });
  failed.catch(() => {});
  sizes.then((s) => {
    known = s;
  });

  // The files fetched (not imported as modules): known sizes give the total from the start.
  const provided = new Set(); // names answered without a download (provide)
  const total = () => {
    const fetched = Object.entries(known).filter(([name]) => !name.endsWith(".mjs") && !provided.has(name));
    const sum = (sizes) => sizes.reduce((a, n) => a + n, 0);
    return fetched.length ? sum(fetched.map(([, n]) => n)) : sum([...expected.values()]);
  };
  let lastReport = 0;
  const report = (force = false) => {
    const now = performance.now();
    if (force || now - lastReport > 100) {
      lastReport = now;
      onProgress(loaded, Math.max(total(), loaded));
    }
  };

  self.fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    const name = url.split("/").pop().split("?")[0];
    let response;
    try {
      const started = early.get(url);
      early.delete(url);
      response = await (started ?? originalFetch(input, init));
    } catch (error) {
      rejectFailed(new Error(`could not download ${name}: the network failed (${error.message})`));
      throw error;
    }
    if (!response.ok) {
      rejectFailed(new Error(`could not download ${name} (HTTP ${response.status})`));
      return response;
    }
    expected.set(url, known[name] ?? Number(response.headers.get("content-length") || 0));
    // Count bytes on a copy, so Pyodide still gets the original response (streaming compilation).
    countBytes(response.clone(), (n) => {
      loaded += n;
      report();
    }).then(
      () => report(true),
      (error) => rejectFailed(new Error(`could not download ${name}: the connection broke (${error.message})`)),
    );
    return response;
  };

  return {
    failed,
    // Start downloading url now; Pyodide's own fetch of it later gets this download, not a second one.
    prefetch(url) {
      const started = originalFetch(url);
      started.catch(() => {}); // reported when Pyodide asks for it
      early.set(url, started);
    },
    // Answer Pyodide's fetch of url with an empty response: the worker has what it holds already.
    provide(url) {
      provided.add(url.split("/").pop().split("?")[0]);
      early.set(url, Promise.resolve(new Response(null, { status: 200 })));
    },
    get loaded() {
      return loaded;
    },
    stop() {
      self.fetch = originalFetch;
    },
  };
}

async function countBytes(response, onChunk) {
  if (!response.body) return;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onChunk(value.byteLength);
  }
}
