import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { signIn } from '../testing/auth-fixtures.ts';
import { server } from '../testing/msw-server.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useLiveUpdates } from './use-live-updates.ts';

/** A stream that sends `events` and stays open, as the server's does. */
function liveStream(events: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode('retry: 2000\n\n'));
      for (const event of events) controller.enqueue(encoder.encode(event));
    },
  });
}

describe('useLiveUpdates', () => {
  it("reads the child's entries again, at the announced position, when another member logs one", async () => {
    signIn();
    const seenPositions: (string | null)[] = [];
    let firstRead: () => void;
    const answered = new Promise<void>((resolve) => (firstRead = resolve));
    server.use(
      http.get('/api/children/child-1/live', async ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer access-1');
        // The screen has its entries before the other parent logs one.
        await answered;
        return new HttpResponse(liveStream(['event: change\ndata: {"position":42}\n\n']), { headers: { 'content-type': 'text/event-stream' } });
      }),
      http.get('/api/feedings', ({ request }) => {
        seenPositions.push(request.headers.get('x-min-position'));
        setTimeout(firstRead, 10);
        return HttpResponse.json([]);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { unmount } = renderHook(
      () => {
        useQuery({ queryKey: ['feedings', 'child-1', '2026-11-25'], queryFn: () => apiRequest('/api/feedings?childId=child-1') });
        useLiveUpdates('child-1');
      },
      { wrapper },
    );
    await expect.poll(() => seenPositions).toContain('42');
    unmount();
  });

  it('stops, and refreshes the children, when the server closes the stream for a member who left', async () => {
    signIn();
    let opened = 0;
    let childrenRead = 0;
    let firstRead: () => void;
    const answered = new Promise<void>((resolve) => (firstRead = resolve));
    server.use(
      http.get('/api/children/child-1/live', async () => {
        opened += 1;
        await answered;
        return new HttpResponse(liveStream(['event: closed\ndata: {}\n\n']), { headers: { 'content-type': 'text/event-stream' } });
      }),
      http.get('/api/children', () => {
        childrenRead += 1;
        setTimeout(firstRead, 10);
        return HttpResponse.json([]);
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(
      () => {
        useQuery({ queryKey: ['children'], queryFn: () => apiRequest('/api/children') });
        useLiveUpdates('child-1');
      },
      { wrapper },
    );
    await expect.poll(() => childrenRead).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(opened).toBe(1);
  });
});
