/**
 * A loopback OpenAI-compatible server for the AI job description's tests: POST /v1/chat/completions
 * answers with server-sent `chat.completion.chunk` events the way the OpenAI API streams, one per piece
 * of the configured reply. Every request's body is kept for the test to look at. Behaviours: a normal
 * reply (`pauseMs` between pieces), an error status, a stall before the response or after the first piece
 * (for time limits). `closed` tells whether the client went away before the reply ended.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatCompletionRequest {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  stream?: boolean;
  [field: string]: unknown;
}

export type FakeReply =
  | { kind: 'stream'; pieces: string[]; pauseMs?: number }
  | { kind: 'error'; status: number }
  | { kind: 'stall-before-response' }
  | { kind: 'stall-after-first-piece'; pieces: string[] };

export interface FakeOpenAiServer {
  /** The base URL to configure: `http://127.0.0.1:<port>/v1`. */
  baseURL: string;
  requests: ChatCompletionRequest[];
  /** Authorization headers as received. */
  authorizations: (string | undefined)[];
  reply: FakeReply;
  /** Resolves when a client closed its connection before the reply was complete. */
  clientLeft(): Promise<void>;
  stop(): Promise<void>;
}

const chunkOf = (content: string | null, finish: string | null) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'test-model',
  choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const open = new Set<ServerResponse>();
  let leftResolve: () => void = () => undefined;
  let left = new Promise<void>((resolve) => (leftResolve = resolve));
  const state: FakeOpenAiServer = {
    baseURL: '',
    requests: [],
    authorizations: [],
    reply: { kind: 'stream', pieces: [] },
    clientLeft: () => left,
    stop: () =>
      new Promise((resolve) => {
        for (const response of open) response.destroy();
        server.close(() => resolve());
      }),
  };

  async function answer(request: IncomingMessage, response: ServerResponse) {
    let raw = '';
    for await (const part of request) raw += String(part);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    state.requests.push(JSON.parse(raw) as ChatCompletionRequest);
    state.authorizations.push(request.headers.authorization);
    const reply = state.reply;
    let complete = false;
    response.on('close', () => {
      if (!complete) {
        leftResolve();
        left = new Promise<void>((resolve) => (leftResolve = resolve));
      }
    });
    if (reply.kind === 'error') {
      complete = true;
      response
        .writeHead(reply.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'The model is overloaded.', type: 'server_error' } }));
      return;
    }
    if (reply.kind === 'stall-before-response') return; // never answers; the client's time limit must end it
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => response.write(`data: ${JSON.stringify(data)}\n\n`);
    send({
      ...chunkOf('', null),
      choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
    });
    if (reply.kind === 'stall-after-first-piece') {
      send(chunkOf(reply.pieces[0] ?? '', null));
      return; // the rest never comes
    }
    for (const piece of reply.pieces) {
      if (response.destroyed) return;
      send(chunkOf(piece, null));
      if (reply.pauseMs) await sleep(reply.pauseMs);
    }
    send(chunkOf(null, 'stop'));
    complete = true;
    response.end('data: [DONE]\n\n');
  }

  const server = createServer((request, response) => {
    open.add(response);
    response.on('close', () => open.delete(response));
    answer(request, response).catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseURL = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/v1`;
  return state;
}
