import { t } from '../../../lib/i18n/i18n-store.ts';
import type { ChildRole } from '../../../types/api.ts';

/** 'Parent', 'Caregiver' in the reader's language. */
export const roleName = (role: ChildRole): string => t(role === 'parent' ? 'role.parent' : 'role.caregiver');

export const roleOptions = () => (['parent', 'caregiver'] as const).map((value) => ({ value, label: roleName(value) }));
