import { describe, expect, it } from 'vitest';
import { streamLines } from './GenerateDescription';

const streamOf = (parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });

describe('the draft stream of POST /api/job-description as the island reads it', () => {
  it('yields each NDJSON line, also when a line or a character arrives in pieces', async () => {
    const bytes = new TextEncoder().encode('{"text":"Über"}\n');
    const lines = [];
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        // "Ü" is two bytes: split between them.
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.enqueue(new TextEncoder().encode('{"text":" uns"}\n{"do'));
        controller.enqueue(new TextEncoder().encode('ne":true}\n'));
        controller.close();
      },
    });
    for await (const line of streamLines(source)) lines.push(line);
    expect(lines).toEqual([{ text: 'Über' }, { text: ' uns' }, { done: true }]);
  });

  it('passes an error line on', async () => {
    const lines = [];
    for await (const line of streamLines(
      streamOf(['{"text":"a"}\n', '{"error":{"code":"TIMEOUT","message":"Zu lange."}}\n']),
    )) {
      lines.push(line);
    }
    expect(lines).toEqual([{ text: 'a' }, { error: { code: 'TIMEOUT', message: 'Zu lange.' } }]);
  });
});
