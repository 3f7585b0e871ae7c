import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackendClient, type InProcessRequest, type InProcessResult } from '../../lib/backend-client';
import * as logger from '../../server/log';
import { recordDispatch } from './dispatch';

function backendAnswering(answer: () => Promise<InProcessResult>) {
  const requests: InProcessRequest[] = [];
  const backend = createBackendClient({
    transport: {
      kind: 'in-process',
      execute: (request) => {
        requests.push(request);
        return answer();
      },
    },
    frontend: { name: 'tagblatt', locale: 'de' },
  });
  return { backend, requests };
}

describe('recordDispatch', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends the event and the path to the backend', async () => {
    const { backend, requests } = backendAnswering(() => Promise.resolve({ data: { recordDispatchEvent: true } }));
    await recordDispatch(backend, 'login', '/de/dashboard');
    expect(requests.map((request) => [request.operationName, request.variables])).toEqual([
      ['recordDispatchEvent', { event: 'login', path: '/de/dashboard' }],
    ]);
  });

  it('never lets a refusal or a failing backend reach the redirect, and logs both', async () => {
    const warn = vi.fn();
    vi.spyOn(logger, 'log').mockReturnValue({ warn } as unknown as ReturnType<typeof logger.log>);
    const unexpected = vi.spyOn(logger, 'logUnexpected').mockImplementation(() => undefined);

    const refusing = backendAnswering(() =>
      Promise.resolve({ errors: [{ message: 'Your session has ended.', extensions: { code: 'UNAUTHENTICATED' } }] }),
    );
    await expect(recordDispatch(refusing.backend, 'login', '/jobs')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(
      { event: 'login', path: '/jobs', codes: ['UNAUTHENTICATED'] },
      'login not recorded',
    );

    const failing = backendAnswering(() => Promise.reject(new Error('database down')));
    await expect(recordDispatch(failing.backend, 'sign_up', '/')).resolves.toBeUndefined();
    expect(unexpected).toHaveBeenCalledWith('analytics', 'sign_up not recorded (path /)', expect.any(Error));
  });
});
