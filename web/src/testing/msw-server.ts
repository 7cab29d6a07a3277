import { setupServer } from 'msw/node';

// The network edge for component tests: each test declares the answers it needs with
// server.use(...); any request nobody declared fails the test (see setup-tests.ts).
export const server = setupServer();
