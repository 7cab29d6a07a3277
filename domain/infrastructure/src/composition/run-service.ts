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
  const stop = async () => {
    await service.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
