import { ConfigError } from '../config/app-config';

export interface RunningService {
  url?: string;
  close(): Promise<void>;
}

/**
 * Starts a service process: a configuration error stops it with the message naming the variable
 * (no stack), and SIGINT/SIGTERM close it cleanly.
 */
export async function runService(name: string, start: () => Promise<RunningService>): Promise<void> {
  let service: RunningService;
  try {
    service = await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${name}: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  if (service.url) console.log(`${name} listening on ${service.url}`);
  let stopping = false;
  const stop = async () => {
    // The same stop can arrive twice (Ctrl-C reaches both `npm start`'s launcher and the server
    // it started, and the launcher passes it on): the second must not cut the first short.
    if (stopping) return;
    stopping = true;
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
