import { createHash } from 'node:crypto';
import type { Projection } from './projection';

/**
 * One name for the read models a set of projections builds: it changes when a projection is added,
 * removed or given a new version, and then the read models are built again beside the old ones.
 */
export function readModelVersion(projections: readonly Projection[]): string {
  const versions = projections.map((projection) => `${projection.name}@${projection.version ?? 1}`).sort();
  return createHash('sha256').update(versions.join('\n')).digest('hex').slice(0, 12);
}
