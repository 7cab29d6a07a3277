import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The built web app the edge serves: web/dist, two folders up from query-api/src and query-api/dist alike. */
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
