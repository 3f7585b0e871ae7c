// A minimal Chrome DevTools Protocol client for a Node process started with --inspect (or --inspect-brk):
// CPU profiles, sampling heap profiles and expressions evaluated in the server, without extra packages.

/** Connects to the inspector listening on 127.0.0.1:`port`, retrying while the process starts. */
export async function connectInspector(port, { timeoutMs = 30_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let target;
  for (;;) {
    try {
      [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
      if (target) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no inspector on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    const waiter = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.error) waiter.reject(new Error(`${message.error.message} (${JSON.stringify(message.error.data)})`));
    else waiter.resolve(message.result);
  });

  /** Sends one protocol command and resolves with its result. */
  function send(method, params = {}) {
    const id = nextId++;
    socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
  }

  /** The value of a JavaScript expression evaluated in the server's main context (awaited, as JSON). */
  async function evaluate(expression) {
    const { result, exceptionDetails } = await send('Runtime.evaluate', {
      expression,
      returnByValue: true,
      awaitPromise: true,
      includeCommandLineAPI: true,
    });
    if (exceptionDetails) throw new Error(`evaluation failed: ${JSON.stringify(exceptionDetails)}`);
    return result.value;
  }

  /** The byte lengths of every WebAssembly.Memory alive in the server (PGlite's heap among them). */
  async function wasmMemoryBytes() {
    const { result: prototype } = await send('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' });
    const { objects } = await send('Runtime.queryObjects', { prototypeObjectId: prototype.objectId });
    const { result } = await send('Runtime.callFunctionOn', {
      objectId: objects.objectId,
      functionDeclaration: 'function () { return this.map((memory) => memory.buffer.byteLength); }',
      returnByValue: true,
    });
    await send('Runtime.releaseObject', { objectId: objects.objectId });
    await send('Runtime.releaseObject', { objectId: prototype.objectId });
    return result.value;
  }

  return {
    send,
    evaluate,
    wasmMemoryBytes,
    close: () => socket.close(),
  };
}
