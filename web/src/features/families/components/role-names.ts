import type { ChildRole } from '../../../types/api.ts';

export const ROLE_NAMES: Record<ChildRole, string> = { parent: 'Parent', caregiver: 'Caregiver' };
export const ROLE_OPTIONS = [
  { value: 'parent', label: 'Parent' },
  { value: 'caregiver', label: 'Caregiver' },
];
